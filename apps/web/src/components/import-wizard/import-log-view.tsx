import type { ImportDetails } from '@hosewright/domain';
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
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isImportFinished, useImportLog } from '@/api/imports';
import type { Resource } from '@/api/keys';
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
}

/**
 * Step 3: the running import's progress (polled, and pushed by the server as the job moves on), then its
 * outcome: a summary, or every row's problem.
 */
export function ImportLogView({ importId, onAnother, changes, successActions }: ImportLogViewProps) {
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
          <ImportOutcome log={log.data} successActions={successActions} />
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
}: {
  log: ImportDetails;
  successActions?: (log: ImportDetails) => ReactNode;
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
        <Alert severity="success">
          <AlertTitle>{t('components.import.succeededTitle')}</AlertTitle>
          {t('components.import.succeeded', {
            rows: formatNumber(log.rowsTotal),
            count: log.rowsTotal,
            created: formatNumber(log.created ?? 0),
            updated: formatNumber(log.updated ?? 0),
          })}
        </Alert>
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
      </Alert>
      {errors.length > 0 ? (
        <Box>
          <Typography id={errorsId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('components.import.errorsTitle')}
          </Typography>
          <TableContainer sx={{ maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}>
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
