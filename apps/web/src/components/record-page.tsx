import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CentredProgress } from '@/components/centred-progress';
import { LoadFailed } from '@/components/load-failed';
import { isApiError } from '@/lib/api';

/** The link above a record's page, back to its list (or to the record an edit page came from). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Box>
      <Button href={href} size="small" startIcon={<ArrowBackIcon />} sx={{ px: 0.5 }}>
        {children}
      </Button>
    </Box>
  );
}

/**
 * A record's page while its query answers: a progress while it loads; `notFound` when there is no such record
 * (another organisation's answers the same 404); `loadFailed` with the server's reason and a retry for any other
 * failure; the record itself once it is here.
 */
export function RecordLoad<T>({
  query,
  notFound,
  loadFailed,
  children,
}: {
  query: UseQueryResult<T>;
  notFound: string;
  loadFailed: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <CentredProgress label={t('common.loading')} />;
  if (query.isError) {
    if (isApiError(query.error, 'NOT_FOUND')) return <Alert severity="info">{notFound}</Alert>;
    return <LoadFailed message={loadFailed} error={query.error} onRetry={() => query.refetch()} />;
  }
  return children(query.data);
}
