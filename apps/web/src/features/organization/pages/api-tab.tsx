/**
 * /organization/api (admins only): the API keys an ERP uses to call Hosewright, and the log of its calls.
 * An admin creates a key (its client secret is shown once, in the dialog that created it), disables and
 * enables it, and deletes it after a confirmation. The log is paged and filtered on the server. On a phone,
 * keys and calls are cards instead of wide tables.
 */
import {
  API_LOG_DAYS,
  type ApiKey,
  type ApiKeyInput,
  type ApiLog,
  apiKeyInputSchema,
  type CreatedApiKey,
  ROLES,
  type Role,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import KeyIcon from '@mui/icons-material/Key';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiLogListQuery,
  apiKeysQuery,
  apiLogsQuery,
  useCreateApiKey,
  useDeleteApiKey,
  useUpdateApiKey,
} from '@/api/api-keys';
import { CustomerPicker, type PickedCustomer } from '@/components/customer-picker';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { isApiError } from '@/lib/api';
import { formatDateTime, formatNumber, formatShortDate } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';

const STATUS_COLOURS: Record<ApiKey['status'], 'success' | 'default' | 'warning'> = {
  active: 'success',
  disabled: 'default',
  expired: 'warning',
};

const PAGE_SIZES = [25, 50, 100];

/** Phones show cards: a wide table would scroll sideways. */
function useIsPhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

export function ApiTab() {
  return (
    <Stack spacing={4}>
      <KeysSection />
      <LogSection />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The keys

function KeysSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const isPhone = useIsPhone();
  const keys = useQuery(apiKeysQuery());
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  let content: ReactNode;
  if (keys.isError) {
    content = (
      <LoadFailed
        message={t('organization.api.loadFailed')}
        error={keys.error}
        onRetry={() => keys.refetch()}
      />
    );
  } else if (keys.isPending) {
    content = (
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  } else if (keys.data.items.length === 0) {
    content = (
      <EmptyState
        icon={<KeyIcon />}
        title={t('organization.api.empty')}
        text={t('organization.api.emptyHelp')}
      />
    );
  } else if (isPhone) {
    content = (
      <Stack component="ul" spacing={1.5} aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {keys.data.items.map((key) => (
          <KeyCard key={key._id} apiKey={key} onDelete={() => setDeleting(key)} />
        ))}
      </Stack>
    );
  } else {
    content = <KeysTable keys={keys.data.items} headingId={headingId} onDelete={setDeleting} />;
  }

  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby={headingId}
      aria-busy={keys.isPending ? 'true' : undefined}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('organization.api.keysTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('organization.api.keysHelp')}{' '}
            <Link href="/api/docs" target="_blank" rel="noopener">
              {t('organization.api.docs')}
            </Link>
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0 }}
        >
          {t('organization.api.create')}
        </Button>
      </Stack>
      {content}
      <CreateKeyDialog open={isCreating} onClose={() => setCreating(false)} />
      <DeleteKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function StatusChip({ status }: { status: ApiKey['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={STATUS_COLOURS[status]} label={t(`organization.api.statuses.${status}`)} />
  );
}

function KeysTable({
  keys,
  headingId,
  onDelete,
}: {
  keys: readonly ApiKey[];
  headingId: string;
  onDelete: (key: ApiKey) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('organization.api.columns.name')}</TableCell>
            <TableCell>{t('organization.api.columns.role')}</TableCell>
            <TableCell>{t('organization.api.columns.customer')}</TableCell>
            <TableCell>{t('organization.api.columns.status')}</TableCell>
            <TableCell>{t('organization.api.columns.expires')}</TableCell>
            <TableCell>{t('organization.api.columns.lastUsed')}</TableCell>
            <TableCell>{t('organization.api.columns.createdBy')}</TableCell>
            <TableCell align="right">{t('organization.api.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key._id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {key.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('organization.api.secretHint', { hint: key.secretHint })}
                </Typography>
              </TableCell>
              <TableCell>{t(`organization.team.roles.${key.role}`)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {key.customerName ?? t('organization.api.allCustomers')}
              </TableCell>
              <TableCell>
                <StatusChip status={key.status} />
              </TableCell>
              <TableCell>
                {key.expiresAt ? formatShortDate(key.expiresAt) : t('organization.api.never')}
              </TableCell>
              <TableCell>
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('organization.api.neverUsed')}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{key.createdByName}</TableCell>
              <TableCell align="right">
                <KeyActions apiKey={key} onDelete={() => onDelete(key)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function KeyCard({ apiKey: key, onDelete }: { apiKey: ApiKey; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{key.name}</Typography>
          <StatusChip status={key.status} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('organization.api.secretHint', { hint: key.secretHint })}
        </Typography>
        <Typography variant="body2">
          {t('organization.api.roleIs', { role: t(`organization.team.roles.${key.role}`) })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('organization.api.forCustomer', {
            name: key.customerName ?? t('organization.api.allCustomers'),
          })}
        </Typography>
        <Typography variant="body2">
          {t('organization.api.expiresOn', {
            date: key.expiresAt ? formatShortDate(key.expiresAt) : t('organization.api.never'),
          })}
        </Typography>
        <Typography variant="body2">
          {key.lastUsedAt
            ? t('organization.api.lastUsedOn', { date: formatDateTime(key.lastUsedAt) })
            : t('organization.api.neverUsed')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('organization.api.createdByName', {
            name: key.createdByName,
            date: formatShortDate(key.createdAt),
          })}
        </Typography>
        <Box sx={{ pt: 1 }}>
          <KeyActions apiKey={key} onDelete={onDelete} />
        </Box>
      </Stack>
    </Paper>
  );
}

/** Disable or enable the key, and delete it (after a confirmation). */
function KeyActions({ apiKey: key, onDelete }: { apiKey: ApiKey; onDelete: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateApiKey();
  const deleteLabel = t('organization.api.deleteKey', { name: key.name });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: { sm: 'flex-end' } }}>
      <Button
        size="small"
        variant="outlined"
        disabled={update.isPending}
        aria-label={
          key.enabled
            ? t('organization.api.disableKey', { name: key.name })
            : t('organization.api.enableKey', { name: key.name })
        }
        onClick={() =>
          update.mutate(
            { id: key._id, change: { enabled: !key.enabled } },
            {
              onSuccess: (changed) =>
                snackbar.success(
                  changed.enabled
                    ? t('organization.api.enabledKey', { name: changed.name })
                    : t('organization.api.disabledKey', { name: changed.name }),
                ),
              onError: (error) => snackbar.warning(error.message),
            },
          )
        }
      >
        {key.enabled ? t('organization.api.disable') : t('organization.api.enable')}
      </Button>
      <Tooltip title={deleteLabel}>
        <IconButton aria-label={deleteLabel} onClick={onDelete} size="small">
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteApiKey();
  const titleId = useId();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={apiKey !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {t('organization.api.deleteTitle', { name: apiKey?.name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('organization.api.deleteText')}</DialogContentText>
        {remove.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending || apiKey === null}
          onClick={() =>
            apiKey &&
            remove.mutate(apiKey._id, {
              onSuccess: () => {
                snackbar.success(t('organization.api.deleted', { name: apiKey.name }));
                close();
              },
            })
          }
        >
          {t('organization.api.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Creating a key

type FieldName = 'name' | 'role' | 'customerId' | 'expiresAt';
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ['name', 'role', 'customerId', 'expiresAt'];

function isField(name: unknown): name is FieldName {
  return FIELDS.includes(name as FieldName);
}

/** The first field each message names (`details.issues: [{ path, message }]`), and the messages naming none. */
function sortIssues(issues: unknown): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of Array.isArray(issues) ? issues : []) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string' || !message) continue;
    const head = Array.isArray(path) ? path[0] : typeof path === 'string' ? path.split('.')[0] : undefined;
    if (isField(head)) fields[head] ??= message;
    else other.push(message);
  }
  return { fields, other };
}

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('regular');
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  /** After the dialog has closed: the next one starts empty, and the secret is forgotten. */
  const reset = () => {
    setName('');
    setRole('regular');
    setCustomer(null);
    setExpires('');
    setErrors({});
    setFormError(null);
    setCreated(null);
    create.reset();
  };

  const clearError = (field: FieldName) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const focusFirst = (found: FieldErrors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input: ApiKeyInput = {
      name,
      role,
      ...(customer ? { customerId: customer.id } : {}),
      ...(expires ? { expiresAt: expires } : {}),
    };
    const parsed = apiKeyInputSchema.safeParse(input);
    if (!parsed.success) {
      const { fields, other } = sortIssues(parsed.error.issues);
      setErrors(fields);
      if (other.length > 0) setFormError(other.join(' '));
      focusFirst(fields);
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      if (isApiError(error)) {
        const { fields, other } = sortIssues(error.body.details?.issues);
        setErrors(fields);
        const hasFieldErrors = Object.values(fields).some(Boolean);
        if (other.length > 0 || !hasFieldErrors)
          setFormError(other.length > 0 ? other.join(' ') : error.message);
        focusFirst(fields);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <Dialog
      open={open}
      onClose={(_, reason) => {
        // A stray click beside the dialog must not lose a secret that is shown only once.
        if (created && reason === 'backdropClick') return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      {created ? (
        <>
          <DialogTitle id={titleId}>{t('organization.api.secret.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{t('organization.api.secret.created', { name: created.key.name })}</Typography>
              <Alert severity="warning">{t('organization.api.secret.warning')}</Alert>
              <SecretField label={t('organization.api.secret.clientId')} value={created.key._id} />
              <SecretField label={t('organization.api.secret.clientSecret')} value={created.clientSecret} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('organization.api.secret.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>{t('organization.api.form.title')}</DialogTitle>
          <DialogContent>
            <Stack
              id={formId}
              component="form"
              noValidate
              spacing={2}
              aria-labelledby={titleId}
              onSubmit={submit}
              sx={{ pt: 1 }}
            >
              {formError ? (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              ) : null}
              <TextField
                id={`${formId}-name`}
                label={t('organization.api.form.name')}
                required
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  clearError('name');
                }}
                error={Boolean(errors.name)}
                helperText={errors.name ?? t('organization.api.form.nameHelp')}
                autoComplete="off"
                autoFocus
              />
              <TextField
                id={`${formId}-role`}
                select
                label={t('organization.api.form.role')}
                value={role}
                onChange={(event) => {
                  setRole(event.target.value as Role);
                  clearError('role');
                }}
                error={Boolean(errors.role)}
                helperText={errors.role ?? t('organization.api.form.roleHelp')}
              >
                {ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`organization.team.roles.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              <CustomerPicker
                id={`${formId}-customerId`}
                value={customer}
                label={t('organization.api.form.customer')}
                helperText={t('organization.api.form.customerHelp')}
                noOptionsText={t('organization.api.form.noCustomers')}
                error={errors.customerId}
                onChange={(next) => {
                  setCustomer(next);
                  clearError('customerId');
                }}
              />
              <TextField
                id={`${formId}-expiresAt`}
                type="date"
                label={t('organization.api.form.expires')}
                value={expires}
                onChange={(event) => {
                  setExpires(event.target.value);
                  clearError('expiresAt');
                }}
                error={Boolean(errors.expiresAt)}
                helperText={errors.expiresAt ?? t('organization.api.form.expiresHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" form={formId} variant="contained" disabled={create.isPending}>
              {t('organization.api.form.submit')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** A value to copy into the ERP: shown read-only (selectable), with a copy button. */
function SecretField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copyLabel = t('organization.api.secret.copy', { what: label });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      snackbar.success(t('organization.api.secret.copied', { what: label }));
    } catch {
      snackbar.warning(t('organization.api.secret.copyFailed'));
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copyLabel}>
                <IconButton aria-label={copyLabel} onClick={copy} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// The log

type StatusFilter = '' | 'success' | 'failure';
interface LogFilters {
  apiKeyId: string;
  status: StatusFilter;
  from: string;
  to: string;
}
const NO_FILTERS: LogFilters = { apiKeyId: '', status: '', from: '', to: '' };

function LogSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const isPhone = useIsPhone();
  const keys = useQuery(apiKeysQuery());
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(PAGE_SIZES[0] ?? 25);
  const query: ApiLogListQuery = {
    page,
    itemsPerPage,
    apiKeyId: filters.apiKeyId || undefined,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const logs = useQuery(apiLogsQuery(query));
  const rows = logs.data?.items ?? [];
  const total = logs.data?.total ?? 0;
  const isFiltered = Object.values(filters).some(Boolean);
  const isEmpty = !logs.isPending && !logs.isError && !logs.isPlaceholderData && total === 0;

  const filter = (change: Partial<LogFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  let content: ReactNode;
  if (logs.isError) {
    content = (
      <LoadFailed
        message={t('organization.api.log.loadFailed')}
        error={logs.error}
        onRetry={() => logs.refetch()}
      />
    );
  } else if (logs.isPending) {
    content = (
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  } else if (isEmpty) {
    content = (
      <EmptyState
        icon={<ReceiptLongIcon />}
        title={isFiltered ? t('organization.api.log.noMatch') : t('organization.api.log.empty')}
        text={isFiltered ? t('organization.api.log.noMatchHelp') : t('organization.api.log.emptyHelp')}
      >
        {isFiltered ? (
          <Button variant="outlined" onClick={() => filter(NO_FILTERS)}>
            {t('organization.api.log.clearFilters')}
          </Button>
        ) : null}
      </EmptyState>
    );
  } else {
    content = (
      <Box sx={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
        {isPhone ? (
          <Stack
            component="ul"
            spacing={1}
            aria-labelledby={headingId}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {rows.map((row) => (
              <LogCard key={row._id} row={row} />
            ))}
          </Stack>
        ) : (
          <LogTable rows={rows} headingId={headingId} />
        )}
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, page - 1)}
          rowsPerPage={itemsPerPage}
          rowsPerPageOptions={isPhone ? [] : PAGE_SIZES}
          labelRowsPerPage={t('organization.api.log.rowsPerPage')}
          onPageChange={(_, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setItemsPerPage(Number(event.target.value));
            setPage(1);
          }}
        />
      </Box>
    );
  }

  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby={headingId}
      aria-busy={logs.isFetching ? 'true' : undefined}
    >
      <Box>
        <Typography id={headingId} variant="h6" component="h2">
          {t('organization.api.log.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('organization.api.log.help', { days: API_LOG_DAYS })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr' },
        }}
      >
        <TextField
          select
          size="small"
          label={t('organization.api.log.key')}
          value={filters.apiKeyId}
          onChange={(event) => filter({ apiKeyId: event.target.value })}
        >
          <MenuItem value="">{t('organization.api.log.allKeys')}</MenuItem>
          {(keys.data?.items ?? []).map((key) => (
            <MenuItem key={key._id} value={key._id}>
              {key.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('organization.api.log.status')}
          value={filters.status}
          onChange={(event) => filter({ status: event.target.value as StatusFilter })}
        >
          <MenuItem value="">{t('organization.api.log.statuses.all')}</MenuItem>
          <MenuItem value="success">{t('organization.api.log.statuses.success')}</MenuItem>
          <MenuItem value="failure">{t('organization.api.log.statuses.failure')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('organization.api.log.from')}
          value={filters.from}
          onChange={(event) => filter({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('organization.api.log.to')}
          value={filters.to}
          onChange={(event) => filter({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {content}
    </Stack>
  );
}

function HttpStatus({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      label={status}
      color={status >= 400 ? 'error' : 'success'}
      variant={status >= 400 ? 'filled' : 'outlined'}
    />
  );
}

function LogTable({ rows, headingId }: { rows: readonly ApiLog[]; headingId: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('organization.api.log.columns.at')}</TableCell>
            <TableCell>{t('organization.api.log.columns.key')}</TableCell>
            <TableCell>{t('organization.api.log.columns.method')}</TableCell>
            <TableCell>{t('organization.api.log.columns.path')}</TableCell>
            <TableCell>{t('organization.api.log.columns.status')}</TableCell>
            <TableCell align="right">{t('organization.api.log.columns.duration')}</TableCell>
            <TableCell>{t('organization.api.log.columns.customer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row._id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.keyName}</TableCell>
              <TableCell>{row.method}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{row.path}</TableCell>
              <TableCell>
                <HttpStatus status={row.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('organization.api.log.durationMs', { ms: formatNumber(row.durationMs) })}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.customerName ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LogCard({ row }: { row: ApiLog }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(row.at)}
          </Typography>
          <HttpStatus status={row.status} />
        </Stack>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {row.method} {row.path}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {[
            row.keyName,
            row.customerName,
            t('organization.api.log.durationMs', { ms: formatNumber(row.durationMs) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
    </Paper>
  );
}
