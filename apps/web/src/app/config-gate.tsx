import type { PublicConfig } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicConfigQuery } from '@/api/system';
import { CentredProgress } from '@/components/centred-progress';

/** The identity provider's settings come from the server; nothing renders until they are here. */
export function ConfigGate({ children }: { children: (config: PublicConfig) => ReactNode }) {
  const { t } = useTranslation();
  const config = useQuery(publicConfigQuery());
  if (config.isPending) return <CentredProgress label={t('config.loading')} />;
  if (config.isError) {
    return (
      <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => config.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('config.failed')}
        </Alert>
      </Box>
    );
  }
  return children(config.data);
}
