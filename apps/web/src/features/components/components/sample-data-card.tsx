import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleDataQuery, useDeleteSampleData, useLoadSampleData } from '@/api/components';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatNumber } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';

/**
 * The GEN demo catalogue offered to every new organisation: load it to try the builder, remove it in one go
 * (after a confirm) when the shop's own data is in.
 */
export function SampleDataCard() {
  const { t } = useTranslation();
  const state = useQuery(sampleDataQuery());
  const load = useLoadSampleData();
  const remove = useDeleteSampleData();
  const [isConfirming, setConfirming] = useState(false);

  const onLoad = async () => {
    try {
      const result = await load.mutateAsync();
      snackbar.success(t('components.sample.loadedNote', { count: result.count }));
    } catch (error) {
      snackbar.warning(error instanceof Error ? error.message : undefined);
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      snackbar.success(t('components.sample.removedNote'));
    } catch (error) {
      snackbar.warning(error instanceof Error ? error.message : undefined);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      id="sample-data"
      aria-labelledby="sample-data-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <ScienceOutlinedIcon color="primary" aria-hidden />
        <Typography id="sample-data-title" variant="h6" component="h2">
          {t('components.sample.title')}
        </Typography>
      </Box>
      <Typography sx={{ mb: 2 }}>{t('components.sample.explain')}</Typography>
      {state.isPending ? (
        <Skeleton width="40%" />
      ) : state.isError ? (
        <Alert severity="error">
          {t('components.sample.loadFailed')} {state.error.message}
        </Alert>
      ) : state.data.loaded ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography>
            {t('components.sample.isLoaded', {
              count: state.data.count,
              formatted: formatNumber(state.data.count),
            })}
          </Typography>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('components.sample.remove')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary">{t('components.sample.notLoaded')}</Typography>
          <Button
            variant="contained"
            onClick={() => void onLoad()}
            disabled={load.isPending}
            startIcon={load.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {t('components.sample.load')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t('components.sample.confirmTitle')}
        confirmLabel={t('components.sample.remove')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onRemove()}
      >
        {t('components.sample.confirmText', { count: state.data?.count ?? 0 })}
      </ConfirmDialog>
    </Paper>
  );
}
