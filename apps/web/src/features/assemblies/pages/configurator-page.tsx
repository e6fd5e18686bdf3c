import type { HoseAssembly } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CentredProgress } from '@/components/centred-progress';
import { isApiError } from '@/lib/api';
import { useSettingsStore } from '@/lib/settings-store';
import { useViewer } from '@/lib/use-viewer';
import { AssemblyBuilder } from '../components/assembly-builder';
import { initialBuilderState } from '../lib/builder-state';
import { applySettingsMessage, postToParent, READY_MESSAGE, TOKEN_EXPIRED_MESSAGE } from '../lib/embedding';

/**
 * `/configurator` and `/iframe/hoseassembly` (public, headerless, embeddable): the builder without page
 * headers. A signed-in user builds as themselves; an embedding page passes its token in API mode.
 */
export function ConfiguratorPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const client = useQueryClient();
  const isApi = useSettingsStore((s) => s.isApi);
  const token = useSettingsStore((s) => s.accessToken);
  const customerId = useSettingsStore((s) => s.customerId);
  const isExpired = useSettingsStore((s) => s.securityTokenExpired);
  const [saved, setSaved] = useState<HoseAssembly | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (applySettingsMessage(event)) void client.invalidateQueries();
    };
    window.addEventListener('message', onMessage);
    postToParent(READY_MESSAGE);
    return () => window.removeEventListener('message', onMessage);
  }, [client]);

  // In API mode a refused token (401) is the parent's to renew: tell it.
  useEffect(() => {
    if (!isApi) return undefined;
    const onError = (error: unknown) => {
      if (isApiError(error) && error.status === 401) {
        useSettingsStore.getState().setSettings({ securityTokenExpired: true });
        postToParent(TOKEN_EXPIRED_MESSAGE);
      }
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [isApi, client]);

  if (viewer.isLoading) return <CentredProgress />;
  const isSignedIn = viewer.isAuthenticated && !isApi;

  if (!isSignedIn && !(isApi && token)) {
    return (
      <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 760, mx: 'auto' }}>
        <Alert severity="info" role="status">
          <AlertTitle>{t('assemblies.configurator.needsToken')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('assemblies.configurator.howTo')}
          </Typography>
          <Box
            component="pre"
            sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: '0.8rem' }}
          >
            {`iframe.contentWindow.postMessage(
  { type: 'settings', accessToken: '<token>', expiresIn: 3600, customerId: '<customer id>' },
  '${window.location.origin}'
);`}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('assemblies.configurator.expiredHelp')}
          </Typography>
          <Button href="/login" size="small" sx={{ mt: 1 }}>
            {t('assemblies.configurator.signIn')}
          </Button>
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {isApi && isExpired ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('assemblies.configurator.expired')}
        </Alert>
      ) : null}
      {saved ? (
        <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
          <Alert severity="success">{t('assemblies.configurator.saved', { title: saved.title })}</Alert>
          <Button
            variant="contained"
            onClick={() => {
              setSaved(null);
              setRound((r) => r + 1);
            }}
          >
            {t('assemblies.configurator.another')}
          </Button>
        </Stack>
      ) : (
        <AssemblyBuilder
          key={round}
          initial={initialBuilderState(isApi ? customerId : '')}
          assemblyId="new"
          isCustomerFixed={isApi && !!customerId}
          showCosts={isSignedIn}
          isInShell={false}
          onSaved={(assembly) => {
            setSaved(assembly);
            postToParent({
              type: 'hoseAssemblySaved',
              hoseAssemblyId: assembly._id,
              partNumber: assembly.partNumber,
              title: assembly.title,
            });
          }}
        />
      )}
    </Box>
  );
}
