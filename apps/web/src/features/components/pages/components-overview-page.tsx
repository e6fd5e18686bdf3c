import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CouplingSeriesTable } from '../components/coupling-series-table';
import { KindCards } from '../components/kind-cards';
import { LookupEditors } from '../components/lookup-editor';
import { PendingQueue } from '../components/pending-queue';
import { SampleDataCard } from '../components/sample-data-card';

/**
 * `/components` (admin only): the kinds with their counts, suggestions waiting for review, the sample
 * catalogue offer, the coupling series and the organisation's product groups, suppliers and locations.
 */
export function ComponentsOverviewPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('components.overview.title')}
        subtitle={t('components.overview.subtitle')}
        icon={<CategoryOutlinedIcon />}
        actions={
          <Button variant="outlined" startIcon={<UploadFileIcon />} href="/components/import">
            {t('components.overview.import')}
          </Button>
        }
      />
      <KindCards />
      <PendingQueue />
      <SampleDataCard />
      <CouplingSeriesTable />
      <LookupEditors />
    </Stack>
  );
}
