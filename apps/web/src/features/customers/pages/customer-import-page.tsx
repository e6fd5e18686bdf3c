import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
// The import wizard is shared with the component library (it imports any target the server knows).
import type { ImportPreview } from '@/features/components/api/upload-import';
import { ImportLogView } from '@/features/components/components/import-log-view';
import { ImportMappingStep } from '@/features/components/components/import-mapping-step';
import { ImportUploadStep } from '@/features/components/components/import-upload-step';
import { RecentImports } from '@/features/components/components/recent-imports';
import { customerKeys } from '../api/keys';

type Target = 'customer' | 'customerItem';

const PAGES: Record<
  Target,
  { path: string; title: 'title' | 'itemsTitle'; subtitle: 'subtitle' | 'itemsSubtitle' }
> = {
  customer: { path: '/customers/import', title: 'title', subtitle: 'subtitle' },
  customerItem: { path: '/customers/items/import', title: 'itemsTitle', subtitle: 'itemsSubtitle' },
};

/**
 * `/customers/import` (admin) and `/customers/items/import` (admin, professional or enterprise): template,
 * upload, column mapping with a preview, progress and every problem; nothing is written unless every row is
 * good. `?log={id}` opens one import's log (the completion notification links there).
 */
export function CustomerImportPage({ target }: { target: Target }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;
  const page = PAGES[target];
  const kindLabel = (kind: string) =>
    kind === 'customerItem'
      ? t('customers.importPage.kindCustomerItem')
      : t('customers.importPage.kindCustomer');
  const fieldLabel = (name: string) => t(`customers.importFields.${name as 'name'}`, { defaultValue: name });

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box>
        <Button href="/customers" size="small" startIcon={<ArrowBackIcon />} sx={{ px: 0.5 }}>
          {t('customers.backToList')}
        </Button>
      </Box>
      <PageHeader
        title={t(`customers.importPage.${page.title}`)}
        subtitle={t(`customers.importPage.${page.subtitle}`)}
        icon={<UploadFileIcon />}
      />
      <Stepper activeStep={step} alternativeLabel aria-label={t('components.import.steps')}>
        {(['upload', 'map', 'result'] as const).map((name) => (
          <Step key={name}>
            <StepLabel>{t(`components.import.stepNames.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {logId ? (
        <ImportLogView
          key={logId}
          importId={logId}
          changes={customerKeys.all}
          successActions={
            <Box>
              <Button variant="contained" href="/customers">
                {t('customers.importPage.viewList')}
              </Button>
            </Box>
          }
          onAnother={() => {
            setPreview(null);
            setParams(new URLSearchParams());
          }}
        />
      ) : preview ? (
        <ImportMappingStep
          key={preview.importId}
          preview={preview}
          fieldLabel={fieldLabel}
          kindLabel={kindLabel(preview.kind)}
          onBack={() => setPreview(null)}
          onStarted={(importId) => {
            setPreview(null);
            setParams(new URLSearchParams({ log: importId }));
          }}
        />
      ) : (
        <ImportUploadStep
          kind={target}
          kinds={[{ value: target, label: kindLabel(target) }]}
          onKindChange={() => undefined}
          onUploaded={setPreview}
        />
      )}
      <RecentImports kinds={[target]} logPath={page.path} kindLabel={kindLabel} />
    </Stack>
  );
}

export function CustomersImportPage() {
  return <CustomerImportPage target="customer" />;
}

export function CustomerItemsImportPage() {
  return <CustomerImportPage target="customerItem" />;
}
