import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useViewer } from '@/lib/use-viewer';

/** /subscriptionexpired: why everything else is closed, and the two ways forward. */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const { access } = useViewer();
  const expires = access?.subscription?.expires;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('subscriptionExpired.title')} icon={<HourglassBottomIcon />} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography>
            {expires
              ? t('subscriptionExpired.endedOn', { date: formatDate(expires) })
              : t('subscriptionExpired.ended')}
          </Typography>
          <Typography color="text.secondary">{t('subscriptionExpired.dataSafe')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" href="/upgradesubscription">
              {t('subscriptionExpired.upgrade')}
            </Button>
            <Button variant="outlined" href="/contact">
              {t('subscriptionExpired.contact')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
