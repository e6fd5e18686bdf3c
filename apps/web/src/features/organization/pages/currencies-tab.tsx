/**
 * The organisation's currencies: the base currency, in which costs and prices are kept, and the other
 * currencies customers are priced in, each with its rate (units of it for one unit of the base). Admins
 * change the base, add, edit and remove rows, and 'Save' sends the whole list (`updateCurrencies`); the
 * server's refusals show next to their row (`details.issues` paths `currencies.{i}.code|rate`), and those
 * naming no row (a currency customers still use) above the list. Admins also import rates from a file
 * ('Import rates': the shared import wizard in a dialog, open while `?log=` names an import, where its
 * notification links); the list shows the new rates once it finishes. Everyone else sees the rates
 * read-only. On a phone the rows wrap; nothing scrolls sideways.
 */
import { type Currencies, currenciesUpdateSchema } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currenciesQuery, useSaveCurrencies } from '@/api/currencies';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { isApiError } from '@/lib/api';
import { formatNumber, formatShortDate } from '@/lib/format';
import { currentLanguageTag } from '@/lib/i18n';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';
import { RatesImportDialog, RatesImportWatcher } from '../components/rates-import-dialog';

/** 'Canadian Dollar' for 'CAD' in the interface language; '' for a code that is not a currency. */
function currencyName(code: string): string {
  if (!/^[A-Z]{3}$/i.test(code.trim())) return '';
  try {
    const name = new Intl.DisplayNames([currentLanguageTag()], { type: 'currency' }).of(
      code.trim().toUpperCase(),
    );
    return name && name.toUpperCase() !== code.trim().toUpperCase() ? name : '';
  } catch {
    return '';
  }
}

export function CurrenciesTab() {
  const { t } = useTranslation();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const currencies = useQuery(currenciesQuery());
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const [importing, setImporting] = useState(false);
  // The last import started here: followed after the dialog closes, so the rates refresh when it ends.
  const [started, setStarted] = useState<string | null>(null);
  const importOpen = isAdmin && (importing || logId !== null);
  // Replaced, not pushed: going back leaves the tab rather than reopening an import.
  const showLog = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('log', id);
        else next.delete('log');
        return next;
      },
      { replace: true },
    );

  let content: ReactNode;
  if (currencies.isError) {
    content = (
      <LoadFailed
        message={t('currencies.loadFailed')}
        error={currencies.error}
        onRetry={() => currencies.refetch()}
      />
    );
  } else if (currencies.isPending) {
    content = (
      <Stack spacing={1} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  } else if (isAdmin) {
    // Keyed by the answer, so a save or a refetch starts the form again from what the server holds.
    content = <CurrenciesForm key={JSON.stringify(currencies.data)} saved={currencies.data} />;
  } else {
    content = <CurrenciesReadOnly data={currencies.data} />;
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start' }}
      >
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {t('currencies.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('currencies.intro')}
          </Typography>
        </Box>
        {isAdmin ? (
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t('currencies.importRates')}
          </Button>
        ) : null}
      </Stack>
      {content}
      {importOpen ? (
        <RatesImportDialog
          logId={logId}
          onStarted={(id) => {
            setStarted(id);
            showLog(id);
          }}
          onAnother={() => {
            setImporting(true);
            showLog(null);
          }}
          onClose={() => {
            setImporting(false);
            showLog(null);
          }}
        />
      ) : started ? (
        <RatesImportWatcher importId={started} />
      ) : null}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Read-only (regular members)

function CurrenciesReadOnly({ data }: { data: Currencies }) {
  const { t } = useTranslation();
  const base = data.baseCurrency;
  return (
    <Stack spacing={2}>
      <Typography>
        <strong>{t('currencies.baseValue', { code: base })}</strong>
        {currencyName(base) ? ` (${currencyName(base)})` : ''}
      </Typography>
      {data.currencies.length === 0 ? (
        <EmptyState
          icon={<CurrencyExchangeIcon />}
          title={t('currencies.emptyReadOnly', { base })}
          text={t('currencies.readOnly')}
        />
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('currencies.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('currencies.code')}</TableCell>
                <TableCell>{t('currencies.rate')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('currencies.updated')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.currencies.map((c) => (
                <TableRow key={c.code}>
                  <TableCell>
                    <strong>{c.code}</strong>
                    {currencyName(c.code) ? (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        {currencyName(c.code)}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {t('currencies.rateReads', { base, rate: formatNumber(c.rate), code: c.code })}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatShortDate(c.updatedAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('currencies.readOnly')}
      </Typography>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The form (admins)

interface DraftRow {
  key: number;
  code: string;
  rate: string;
}
type RowErrors = Record<number, { code?: string; rate?: string }>;

/** The rate as typed: a comma works as the decimal point; empty text is not a number. */
function rateOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed.replace(',', '.'));
}

function CurrenciesForm({ saved }: { saved: Currencies }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCurrencies();
  const nextKey = useRef(saved.currencies.length);
  const [base, setBase] = useState(saved.baseCurrency);
  const [rows, setRows] = useState<DraftRow[]>(() =>
    saved.currencies.map((c, i) => ({ key: i, code: c.code, rate: String(c.rate) })),
  );
  const [baseError, setBaseError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const shownBase = base.trim().toUpperCase() || saved.baseCurrency;

  const clearRowError = (key: number, field: 'code' | 'rate') =>
    setRowErrors((current) => {
      if (!current[key]?.[field]) return current;
      const next = { ...current, [key]: { ...current[key] } };
      delete next[key]![field];
      return next;
    });
  const setRow = (key: number, field: 'code' | 'rate', value: string) => {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    clearRowError(key, field);
  };
  const addRow = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, code: '', rate: '' }]);
  };
  const removeRow = (key: number) => setRows((current) => current.filter((r) => r.key !== key));

  /** Issues (the contract's or the server's) on their row or the base; the rest above the form. */
  const showIssues = (
    issues: readonly { path?: readonly unknown[]; message?: unknown }[],
    sent: readonly DraftRow[],
    fallback: string,
  ) => {
    const byRow: RowErrors = {};
    const other: string[] = [];
    let onBase: string | null = null;
    for (const issue of issues) {
      if (typeof issue.message !== 'string') continue;
      const [head, index, field] = issue.path ?? [];
      const row = head === 'currencies' && typeof index === 'number' ? sent[index] : undefined;
      if (row) {
        const which = field === 'rate' ? 'rate' : 'code';
        byRow[row.key] = { ...byRow[row.key], [which]: byRow[row.key]?.[which] ?? issue.message };
      } else if (head === 'baseCurrency') {
        onBase ??= issue.message;
      } else {
        other.push(issue.message);
      }
    }
    setRowErrors(byRow);
    setBaseError(onBase);
    setFormError(
      other.length
        ? other.join(' ')
        : Object.keys(byRow).length || onBase
          ? t('currencies.rowProblems')
          : fallback,
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const sent = [...rows];
    const body = {
      baseCurrency: base,
      currencies: sent.map((r) => ({ code: r.code, rate: rateOf(r.rate) })),
    };
    const parsed = currenciesUpdateSchema.safeParse(body);
    if (!parsed.success) {
      showIssues(
        parsed.error.issues.map((i) => ({
          path: i.path,
          // zod's own message for NaN says 'received NaN'; the field wants a number.
          message: i.path[2] === 'rate' && i.code === 'invalid_type' ? t('currencies.rateNumber') : i.message,
        })),
        sent,
        t('currencies.saveFailed'),
      );
      return;
    }
    setRowErrors({});
    setBaseError(null);
    try {
      await save.mutateAsync(parsed.data);
      snackbar.success(t('currencies.saved'));
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(error instanceof Error ? error.message : String(error));
        return;
      }
      const issues = Array.isArray(error.body.details?.issues) ? error.body.details.issues : [];
      // A refusal naming no row (customers still priced in a currency) shows above the form as it is.
      showIssues(issues as { path?: unknown[]; message?: unknown }[], sent, error.message);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('currencies.title')}>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          label={t('currencies.base')}
          name="baseCurrency"
          value={base}
          onChange={(e) => {
            setBase(e.target.value.toUpperCase());
            setBaseError(null);
          }}
          error={Boolean(baseError)}
          helperText={baseError ?? (currencyName(base) || t('currencies.baseHelp'))}
          slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
          sx={{ maxWidth: { sm: 280 } }}
        />
        {rows.length === 0 ? (
          <EmptyState
            icon={<CurrencyExchangeIcon />}
            title={t('currencies.empty', { base: shownBase })}
            text={t('currencies.intro')}
          >
            <Button startIcon={<AddIcon />} variant="outlined" onClick={addRow}>
              {t('currencies.add')}
            </Button>
          </EmptyState>
        ) : (
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('currencies.tableLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {rows.map((row, index) => {
              const code = row.code.trim().toUpperCase();
              const errors = rowErrors[row.key] ?? {};
              return (
                <Paper
                  key={row.key}
                  component="li"
                  variant="outlined"
                  aria-label={code || t('currencies.code')}
                  sx={{ p: 1.5 }}
                >
                  <Stack
                    direction="row"
                    spacing={1.5}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
                  >
                    <TextField
                      id={`${id}-code-${row.key}`}
                      label={t('currencies.code')}
                      value={row.code}
                      onChange={(e) => setRow(row.key, 'code', e.target.value.toUpperCase())}
                      error={Boolean(errors.code)}
                      helperText={errors.code ?? (currencyName(code) || t('currencies.codeHelp'))}
                      slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
                      autoFocus={index === rows.length - 1 && row.code === '' && row.rate === ''}
                      sx={{ flex: '1 1 140px', minWidth: 0 }}
                    />
                    <TextField
                      id={`${id}-rate-${row.key}`}
                      label={t('currencies.rate')}
                      value={row.rate}
                      onChange={(e) => setRow(row.key, 'rate', e.target.value)}
                      error={Boolean(errors.rate)}
                      helperText={
                        errors.rate ?? t('currencies.rateHelp', { code: code || '…', base: shownBase })
                      }
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      sx={{ flex: '1 1 140px', minWidth: 0 }}
                    />
                    <IconButton
                      aria-label={code ? t('currencies.remove', { code }) : t('currencies.removeBlank')}
                      onClick={() => removeRow(row.key)}
                      sx={{ mt: 1 }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'space-between' }}
        >
          {rows.length > 0 ? (
            <Button startIcon={<AddIcon />} onClick={addRow}>
              {t('currencies.add')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('currencies.saving') : t('currencies.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
