/**
 * 'Import rates' on the Currencies tab (admins): the shared import wizard's steps for the `exchangeRate`
 * target in a dialog, with no page of its own: a template or the shop's own file, the column mapping, then
 * the import's progress and outcome (the summary, or every bad row with nothing written). The tab keeps the
 * log's id in its URL (`?log=`), where the completion notification links.
 */
import type { ImportPreview } from '@hosewright/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportLog } from '@/api/imports';
import type { Resource } from '@/api/keys';
import { ImportLogView } from '@/components/import-wizard/import-log-view';
import { ImportMappingStep } from '@/components/import-wizard/import-mapping-step';
import { ImportUploadStep } from '@/components/import-wizard/import-upload-step';

const TARGET = 'exchangeRate';

/** What new rates change: the list, and every price made with a rate (as a save of the list does). */
export const RATES_CHANGE: readonly Resource[] = [
  'currencies',
  'organization',
  'customers',
  'hoseAssemblies',
  'hoseKits',
];

export interface RatesImportDialogProps {
  /** The import whose progress and outcome show; null starts with the upload. */
  logId: string | null;
  onStarted: (importId: string) => void;
  /** 'Import another file' after an outcome: back to the upload. */
  onAnother: () => void;
  onClose: () => void;
}

export function RatesImportDialog({ logId, onStarted, onAnother, onClose }: RatesImportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isXs = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const step = logId ? 2 : preview ? 1 : 0;
  const kindLabel = t('currencies.import.kind');
  const fieldLabel = (name: string) =>
    t(`currencies.import.fields.${name as 'code'}`, { defaultValue: name });

  return (
    <Dialog open onClose={onClose} fullScreen={isXs} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('currencies.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('currencies.import.intro')}
          </Typography>
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
              changes={RATES_CHANGE}
              successActions={() => (
                <Button variant="contained" onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
                  {t('currencies.import.seeRates')}
                </Button>
              )}
              onAnother={() => {
                setPreview(null);
                onAnother();
              }}
            />
          ) : preview ? (
            <ImportMappingStep
              key={preview.importId}
              preview={preview}
              fieldLabel={fieldLabel}
              kindLabel={kindLabel}
              onBack={() => setPreview(null)}
              onStarted={(importId) => {
                setPreview(null);
                onStarted(importId);
              }}
            />
          ) : (
            <ImportUploadStep
              kind={TARGET}
              kinds={[{ value: TARGET, label: kindLabel }]}
              onKindChange={() => undefined}
              onUploaded={setPreview}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Follows an import started here after its dialog has closed, so the rates still refresh when it finishes
 * (the wizard's log view does it while open). Shows nothing.
 */
export function RatesImportWatcher({ importId }: { importId: string }) {
  useImportLog(importId, RATES_CHANGE);
  return null;
}
