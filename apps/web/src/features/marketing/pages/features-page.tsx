import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PlansTable } from '@/components/plans-table';
import { useViewer } from '@/lib/use-viewer';
import { StartTrialActions } from '../components/start-trial-actions';

/** /features: plans and pricing, from the plan table in the domain package (`PLANS`). */
export function FeaturesPage() {
  const { t } = useTranslation();
  const { access } = useViewer();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('features.title')} icon={<SellOutlinedIcon />} subtitle={t('features.subtitle')} />
      <PlansTable currentTier={access?.subscription?.tier} />
      <Typography color="text.secondary">{t('features.limitsNote')}</Typography>
      <Stack sx={{ color: 'primary.main' }}>
        <StartTrialActions size="medium" />
      </Stack>
    </Stack>
  );
}
