import { COMPONENT_KINDS, type ComponentKind, isComponentKind } from '@hosewright/domain';
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
import type { ImportPreview } from '../api/upload-import';
import { ImportLogView } from '../components/import-log-view';
import { ImportMappingStep } from '../components/import-mapping-step';
import { ImportUploadStep } from '../components/import-upload-step';
import { RecentImports } from '../components/recent-imports';

/**
 * `/components/import` (SPEC 2, admin only; DOMAIN journey 5): choose the kind, start from a template, upload
 * a CSV or XLSX file, map its columns, start, follow the progress and read the outcome. Nothing is written
 * unless every row is good. `?log={id}` opens one import's log directly (the notification links there).
 */
export function ComponentImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const kindParam = params.get('kind');
  const kind: ComponentKind = isComponentKind(kindParam) ? kindParam : 'hose';
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;

  const setKind = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('kind', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box>
        <Button href="/components" size="small" startIcon={<ArrowBackIcon />} sx={{ px: 0.5 }}>
          {t('components.overview.title')}
        </Button>
      </Box>
      <PageHeader
        title={t('components.import.title')}
        subtitle={t('components.import.subtitle')}
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
          onAnother={() => {
            setPreview(null);
            setParams(new URLSearchParams({ kind }));
          }}
        />
      ) : preview ? (
        <ImportMappingStep
          key={preview.importId}
          preview={preview}
          onBack={() => setPreview(null)}
          onStarted={(importId) => {
            setPreview(null);
            setParams(new URLSearchParams({ kind: preview.kind, log: importId }));
          }}
        />
      ) : (
        <ImportUploadStep kind={kind} onKindChange={setKind} onUploaded={setPreview} />
      )}
      <RecentImports kinds={COMPONENT_KINDS} />
    </Stack>
  );
}
