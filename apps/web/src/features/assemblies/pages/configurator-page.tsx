import type { HoseAssembly } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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

  if (!isSignedIn && !(isApi && token)) return <ForVisitors />;

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

/**
 * A visitor who opens the configurator outside a shop's site: what it is and where to find it, never the
 * developer's instructions (those are in the API reference, `/api/docs`, "Embedding the configurator").
 */
function ForVisitors() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
          {t('site.configurator.title')}
        </Typography>
        <Typography>{t('site.configurator.lead')}</Typography>
        <Typography>{t('site.configurator.visitor')}</Typography>
        <Typography>{t('site.configurator.staff')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" href="/login">
            {t('site.configurator.signIn')}
          </Button>
          <Button variant="outlined" href="/features">
            {t('site.configurator.features')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('site.configurator.developers')} <Link href="/api/docs">{t('site.configurator.apiDocs')}</Link>
        </Typography>
      </Stack>
    </Box>
  );
}
