import type { ImportChangeValue, ImportDetails, ImportRowChange } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isImportFinished, useImportLog } from '@/api/imports';
import type { Resource } from '@/api/keys';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { isApiError } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { useJobProgress } from '@/lib/job-progress-store';

export interface ImportLogViewProps {
  importId: string;
  onAnother: () => void;
  /** What a finished import changes (the resources whose screens refresh). */
  changes: readonly Resource[];
  /** Links shown after a successful import (to what it filled), given the import's log. */
  successActions?: (log: ImportDetails) => ReactNode;
  /** A field's name as the shop knows it ('Cost'); the contract's name when not given. */
  fieldLabel?: (name: string) => string;
}

/**
 * Step 3: the running import's progress (polled, and pushed by the server as the job moves on), then its
 * outcome: how many rows were new, updated and unchanged with what each update changed (or that nothing
 * changed), or every row's problem.
 */
export function ImportLogView({
  importId,
  onAnother,
  changes,
  successActions,
  fieldLabel,
}: ImportLogViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const log = useImportLog(importId, changes);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {log.data
            ? t('components.import.logTitle', { fileName: log.data.fileName })
            : t('components.import.logTitleNoFile')}
        </Typography>
        {log.isPending ? (
          <Skeleton width="60%" />
        ) : log.isError ? (
          <Alert
            severity={isApiError(log.error) && log.error.status === 404 ? 'info' : 'error'}
            action={
              <Button color="inherit" onClick={() => log.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {isApiError(log.error) && log.error.status === 404
              ? t('components.import.logNotFound')
              : `${t('components.import.logFailed')} ${log.error.message}`}
          </Alert>
        ) : (
          <ImportOutcome log={log.data} successActions={successActions} fieldLabel={fieldLabel} />
        )}
        <Box>
          <Button variant="outlined" onClick={onAnother}>
            {t('components.import.another')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function ImportOutcome({
  log,
  successActions,
  fieldLabel,
}: {
  log: ImportDetails;
  successActions?: ((log: ImportDetails) => ReactNode) | undefined;
  fieldLabel?: ((name: string) => string) | undefined;
}) {
  const { t } = useTranslation();
  const errorsId = useId();
  // On the embedded database a long import's stored progress only arrives at the end: the pushed one moves.
  const pushed = useJobProgress(log.jobId);

  if (!isImportFinished(log.status)) {
    if (log.status === 'uploaded') {
      return <Alert severity="info">{t('components.import.notStarted')}</Alert>;
    }
    const progress = Math.max(0, Math.min(100, Math.round(Math.max(log.progress, pushed))));
    const queued = log.status === 'queued' && pushed === 0;
    return (
      <Box role="status" aria-live="polite">
        <Typography sx={{ mb: 1 }}>
          {queued
            ? t('components.import.queued')
            : t('components.import.running', { progress, rows: formatNumber(log.rowsTotal) })}
        </Typography>
        <LinearProgress
          variant={queued ? 'indeterminate' : 'determinate'}
          value={progress}
          aria-label={t('components.import.progress')}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
    );
  }

  if (log.status === 'succeeded') {
    return (
      <Stack spacing={2}>
        <ImportSummary log={log} />
        <ChangeList
          title={(count) => t('components.import.updatedTitle', { count })}
          changes={log.changes.filter((c) => c.change === 'updated')}
          fieldLabel={fieldLabel}
        />
        <ChangeList
          title={(count) => t('components.import.createdTitle', { count })}
          changes={log.changes.filter((c) => c.change === 'created')}
        />
        <ChangeList
          title={(count) => t('components.import.removedTitle', { count })}
          changes={log.changes.filter((c) => c.change === 'removed')}
        />
        {log.created + log.updated > log.changes.filter((c) => c.change !== 'removed').length ? (
          <Typography variant="body2" color="text.secondary">
            {t('components.import.changesCapped', {
              shown: formatNumber(log.changes.length),
              total: formatNumber(log.created + log.updated),
            })}
          </Typography>
        ) : null}
        {successActions?.(log)}
      </Stack>
    );
  }

  const errors = log.errors ?? [];
  return (
    <Stack spacing={2}>
      <Alert severity="error">
        <AlertTitle>{t('components.import.failedTitle')}</AlertTitle>
        {errors.length > 0
          ? t('components.import.failedRows', {
              count: errors.length,
              formatted: formatNumber(errors.length),
            })
          : t('components.import.failedNoRows')}
        {log.message ? <Box sx={{ mt: 0.5 }}>{log.message}</Box> : null}
        {log.upgradeUrl ? (
          <Button
            component={RouterLink}
            to={log.upgradeUrl}
            variant="outlined"
            color="inherit"
            size="small"
            sx={{ mt: 1 }}
          >
            {t('components.import.upgrade')}
          </Button>
        ) : null}
      </Alert>
      {errors.length > 0 ? (
        <Box>
          <Typography id={errorsId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('components.import.errorsTitle')}
          </Typography>
          <TableContainer
            component={ScrollRegion}
            aria-labelledby={errorsId}
            sx={{ maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader aria-labelledby={errorsId}>
              <TableHead>
                <TableRow>
                  <TableCell align="right">{t('components.import.row')}</TableCell>
                  <TableCell>{t('components.import.column')}</TableCell>
                  <TableCell>{t('components.import.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errors.map((error) => (
                  <TableRow key={`${error.row}-${error.column}-${error.message}`}>
                    <TableCell align="right">{formatNumber(error.row)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.column}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * What a successful import did: its sentence (or that nothing changed, or that the file had no rows) and
 * the counts of new, updated and unchanged rows (and removed items, for a file that replaces a list).
 */
function ImportSummary({ log }: { log: ImportDetails }) {
  const { t } = useTranslation();
  const { removed } = log;
  const written = log.created + log.updated + log.unchanged;
  const rows = { rows: formatNumber(log.rowsTotal), count: log.rowsTotal };
  if (written === 0) return <Alert severity="info">{t('components.import.noRows')}</Alert>;
  const counts: [string, number][] = [
    [t('components.import.countCreated'), log.created],
    [t('components.import.countUpdated'), log.updated],
    [t('components.import.countUnchanged'), log.unchanged],
    ...(removed > 0 ? [[t('components.import.countRemoved'), removed] as [string, number]] : []),
  ];
  const nothingChanged = log.created + log.updated + removed === 0;
  return (
    <>
      {nothingChanged ? (
        <Alert severity="info">
          <AlertTitle>{t('components.import.nothingChangedTitle')}</AlertTitle>
          {t('components.import.nothingChanged', rows)}
        </Alert>
      ) : (
        <Alert severity="success">
          <AlertTitle>{t('components.import.succeededTitle')}</AlertTitle>
          {t(log.unchanged > 0 ? 'components.import.succeededUnchanged' : 'components.import.succeeded', {
            ...rows,
            created: formatNumber(log.created),
            updated: formatNumber(log.updated),
            unchanged: formatNumber(log.unchanged),
          })}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(6.5rem, 1fr))',
          gap: 1,
          m: 0,
        }}
      >
        {counts.map(([label, value]) => (
          <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {formatNumber(value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

/** Rows listed at first; the rest behind a button (a re-import of a catalogue can change thousands). */
const FIRST_SHOWN = 50;

/** One kind of change (updated, new, removed): each item with its row, and what an update changed. */
function ChangeList({
  title,
  changes,
  fieldLabel = (name) => name,
}: {
  title: (count: string) => string;
  changes: readonly ImportRowChange[];
  fieldLabel?: ((name: string) => string) | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  if (changes.length === 0) return null;
  const shown = showAll ? changes : changes.slice(0, FIRST_SHOWN);
  const value = (v: ImportChangeValue) => (v === null ? t('components.import.emptyValue') : String(v));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title(formatNumber(changes.length))}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((change) => (
          <Box
            component="li"
            key={`${change.change}|${change.row}|${change.item}`}
            sx={{ py: 1, borderTop: 1, borderColor: 'divider', minWidth: 0 }}
          >
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {change.item}
              </Box>
              {change.row === null ? null : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {` · ${t('components.import.changeRow', { row: formatNumber(change.row) })}`}
                </Box>
              )}
            </Typography>
            {change.fields.length > 0 ? (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {change.fields.map((f) => (
                  <Typography component="li" variant="body2" key={f.field} sx={{ overflowWrap: 'anywhere' }}>
                    {t('components.import.fieldChange', {
                      field: fieldLabel(f.field),
                      before: value(f.before),
                      after: value(f.after),
                    })}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        ))}
      </Box>
      {shown.length < changes.length ? (
        <Button onClick={() => setShowAll(true)}>
          {t('components.import.showAll', { count: formatNumber(changes.length) })}
        </Button>
      ) : null}
    </Box>
  );
}
