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
import { assemblyKeys } from '../api/paths';

const TARGET = 'hoseAssembly';
const PATH = '/hoseassemblies/import';

/**
 * `/hoseassemblies/import` (admin): template, upload, column mapping with a preview, progress and every
 * problem; nothing is written unless every row is good. A row with an existing part number makes its next
 * revision only when its figures changed. `?log={id}` opens one import's log (the notification links there).
 */
export function AssemblyImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const logId = params.get('log');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;
  const kindLabel = () => t('assemblies.importPage.kind');
  const fieldLabel = (name: string) =>
    t(`assemblies.importFields.${name as 'partNumber'}`, { defaultValue: name });

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box>
        <Button href="/hoseassemblies" size="small" startIcon={<ArrowBackIcon />} sx={{ px: 0.5 }}>
          {t('assemblies.detail.backToList')}
        </Button>
      </Box>
      <PageHeader
        title={t('assemblies.importPage.title')}
        subtitle={t('assemblies.importPage.subtitle')}
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
          changes={assemblyKeys.all}
          successActions={
            <Box>
              <Button variant="contained" href="/hoseassemblies">
                {t('assemblies.importPage.viewList')}
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
          kindLabel={kindLabel()}
          onBack={() => setPreview(null)}
          onStarted={(importId) => {
            setPreview(null);
            setParams(new URLSearchParams({ log: importId }));
          }}
        />
      ) : (
        <ImportUploadStep
          kind={TARGET}
          kinds={[{ value: TARGET, label: kindLabel() }]}
          onKindChange={() => undefined}
          onUploaded={setPreview}
        />
      )}
      <RecentImports kinds={[TARGET]} logPath={PATH} kindLabel={kindLabel} />
    </Stack>
  );
}
