import { type LookupEntry, type LookupList, lookupEntrySchema } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupQuery, useUpdateLookup } from '@/api/components';
import { isApiError } from '@/lib/api';
import { snackbar } from '@/lib/snackbar-store';

const LISTS: readonly LookupList[] = ['productgroups', 'suppliers', 'locations'];

/** Product groups, suppliers and locations: the organisation's own short lists, one tab each. */
export function LookupEditors() {
  const { t } = useTranslation();
  const [list, setList] = useState<LookupList>('productgroups');
  const baseId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${baseId}-title`}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={`${baseId}-title`} variant="h6" component="h2">
        {t('components.lookups.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('components.lookups.explain')}
      </Typography>
      <Tabs
        value={list}
        onChange={(_event, next: LookupList) => setList(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('components.lookups.title')}
      >
        {LISTS.map((l) => (
          <Tab
            key={l}
            value={l}
            label={t(`components.lookups.lists.${l}`)}
            id={`${baseId}-tab-${l}`}
            aria-controls={`${baseId}-panel-${l}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${baseId}-panel-${list}`}
        aria-labelledby={`${baseId}-tab-${list}`}
        sx={{ pt: 2 }}
      >
        <LookupEditor key={list} list={list} />
      </Box>
    </Paper>
  );
}

interface Row {
  key: number;
  code: string;
  name: string;
}
type RowErrors = Record<number, { code?: string; name?: string }>;

/** Code and name required (the domain's messages), codes unique without regard to case. */
export function validateLookupRows(rows: readonly Pick<Row, 'code' | 'name'>[], t: TFunction): RowErrors {
  const errors: RowErrors = {};
  const firstRowOfCode = new Map<string, number>();
  rows.forEach((row, index) => {
    const parsed = lookupEntrySchema.safeParse({ code: row.code, name: row.name });
    const rowErrors: { code?: string; name?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'code' || field === 'name') && !rowErrors[field]) rowErrors[field] = issue.message;
      }
    }
    const code = row.code.trim().toLowerCase();
    if (code && !rowErrors.code) {
      const first = firstRowOfCode.get(code);
      if (first === undefined) firstRowOfCode.set(code, index);
      else rowErrors.code = t('components.lookups.duplicate', { row: first + 1 });
    }
    if (rowErrors.code || rowErrors.name) errors[index] = rowErrors;
  });
  return errors;
}

let nextKey = 1;
const toRows = (entries: readonly LookupEntry[]): Row[] =>
  entries.map((e) => ({ key: nextKey++, code: e.code, name: e.name }));

function LookupEditor({ list }: { list: LookupList }) {
  const { t } = useTranslation();
  const lookup = useQuery(lookupQuery(list));
  const update = useUpdateLookup();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const listLabel = t(`components.lookups.lists.${list}`);

  useEffect(() => {
    if (lookup.data && rows === null) setRows(toRows(lookup.data));
  }, [lookup.data, rows]);

  if (lookup.isPending || (rows === null && !lookup.isError)) return <Skeleton width="60%" />;
  if (lookup.isError || rows === null) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => lookup.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('components.lookups.loadFailed')} {lookup.error?.message}
      </Alert>
    );
  }

  const saved = lookup.data ?? [];
  const isDirty =
    rows.length !== saved.length ||
    rows.some((r, i) => r.code !== saved[i]?.code || r.name !== saved[i]?.name);

  const change = (key: number, field: 'code' | 'name', value: string) => {
    setRows((current) => (current ?? []).map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateLookupRows(rows, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await update.mutateAsync({
        list,
        items: rows.map((r) => ({ code: r.code.trim(), name: r.name.trim() })),
      });
      setRows(toRows(result));
      snackbar.success(t('components.lookups.saved', { list: listLabel }));
    } catch (error) {
      if (isApiError(error)) {
        const issues = Array.isArray(error.body.details?.issues) ? error.body.details.issues : [];
        const mapped: RowErrors = {};
        const other: string[] = [];
        for (const issue of issues as { path?: unknown[]; message?: string }[]) {
          const [head, index, field] = issue.path ?? [];
          const row = Number(index);
          if (head === 'items' && Number.isInteger(row) && (field === 'code' || field === 'name')) {
            mapped[row] = { ...mapped[row], [field]: issue.message };
          } else if (issue.message) {
            other.push(issue.message);
          }
        }
        setErrors(mapped);
        setFormError(other.length > 0 ? other.join(' ') : Object.keys(mapped).length ? null : error.message);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={listLabel}>
      <Stack spacing={1.5}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('components.lookups.empty', { list: listLabel })}</Typography>
        ) : null}
        {rows.map((row, index) => (
          <Box
            key={row.key}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) minmax(0, 2fr) auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={t('components.lookups.code')}
              value={row.code}
              required
              error={Boolean(errors[index]?.code)}
              helperText={errors[index]?.code}
              onChange={(event) => change(row.key, 'code', event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('components.lookups.codeOfRow', { row: index + 1 }) },
              }}
            />
            <TextField
              size="small"
              label={t('components.lookups.name')}
              value={row.name}
              required
              error={Boolean(errors[index]?.name)}
              helperText={errors[index]?.name}
              onChange={(event) => change(row.key, 'name', event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': t('components.lookups.nameOfRow', { row: index + 1 }) },
              }}
              sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
            />
            <IconButton
              aria-label={t('components.lookups.removeRow', { row: index + 1 })}
              onClick={() => setRows((current) => (current ?? []).filter((r) => r.key !== row.key))}
              sx={{
                gridColumn: { xs: 2, sm: 'auto' },
                gridRow: { xs: '1 / 3', sm: 'auto' },
                alignSelf: 'center',
              }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setRows((current) => [...(current ?? []), { key: nextKey++, code: '', name: '' }])}
          >
            {t('components.lookups.addRow')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            disabled={!isDirty || update.isPending}
            onClick={() => {
              setRows(toRows(saved));
              setErrors({});
              setFormError(null);
            }}
          >
            {t('components.lookups.discard')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || update.isPending}
            startIcon={update.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {t('components.lookups.save', { list: listLabel })}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
