import type { ImportStatus, ImportSummary } from '@hosewright/domain';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { importListQuery } from '@/api/imports';
import { formatDate, formatNumber } from '@/lib/format';

const STATUS_COLOURS: Record<ImportStatus, 'default' | 'info' | 'success' | 'error'> = {
  uploaded: 'default',
  queued: 'info',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

export interface RecentImportsProps {
  /** Only imports of these kinds (all by default). */
  kinds?: readonly string[];
  /** The page that shows one import's log. */
  logPath: string;
  /** What a kind is called ('Hoses'). */
  kindLabel: (kind: string) => string;
}

/** What a successful import did, in a few words: its counts, or that nothing changed. */
function Outcome({ log }: { log: ImportSummary }) {
  const { t } = useTranslation();
  if (log.status !== 'succeeded' || log.created + log.updated + log.unchanged === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {log.created + log.updated + log.removed === 0
        ? t('components.import.recentNothingChanged')
        : t(log.removed > 0 ? 'components.import.recentSummaryRemoved' : 'components.import.recentSummary', {
            created: formatNumber(log.created),
            updated: formatNumber(log.updated),
            unchanged: formatNumber(log.unchanged),
            removed: formatNumber(log.removed),
          })}
    </Typography>
  );
}

/** The latest imports with their outcome (what a successful one did); each opens its log (`?log={id}`). */
export function RecentImports({ kinds, logPath, kindLabel }: RecentImportsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const imports = useQuery(importListQuery(kinds));
  const items = imports.data?.items ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('components.import.recentTitle')}
      </Typography>
      {imports.isPending ? (
        <Skeleton width="60%" />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('components.import.recentEmpty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('components.import.file')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('components.import.kind')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('components.import.date')}</TableCell>
                <TableCell>{t('components.import.status')}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {t('components.import.rows')}
                </TableCell>
                <TableCell align="right">{t('components.import.problems')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((log) => (
                <TableRow key={log.importId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link href={`${logPath}?log=${encodeURIComponent(log.importId)}`}>{log.fileName}</Link>
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{kindLabel(log.kind)}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{formatDate(log.createdAt)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOURS[log.status] ?? 'default'}
                      label={t(`components.import.statuses.${log.status}`)}
                    />
                    <Outcome log={log} />
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {formatNumber(log.rowsTotal ?? 0)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(log.errorCount ?? 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
