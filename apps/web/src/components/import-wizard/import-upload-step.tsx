import type { ImportPreview, ImportTargetName, ImportTemplateFormat } from '@hosewright/domain';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadImportTemplate, useUploadImport } from '@/api/imports';

/** The file types the importer reads: CSV or XLSX (`uploadImport`). */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportKindOption {
  value: string;
  label: string;
}

export interface ImportUploadStepProps {
  kind: ImportTargetName;
  onKindChange: (kind: string) => void;
  onUploaded: (preview: ImportPreview) => void;
  /** What may be imported here (a choice is shown when there is more than one). */
  kinds: readonly ImportKindOption[];
}

/** Step 1: what to import, a template to start from, and the file. */
export function ImportUploadStep({ kind, onKindChange, onUploaded, kinds }: ImportUploadStepProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<ImportTemplateFormat | null>(null);
  const upload = useUploadImport();

  const download = async (format: ImportTemplateFormat) => {
    setDownloadError(null);
    setDownloading(format);
    try {
      await downloadImportTemplate(kind, format);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('components.import.chooseFileFirst'));
      return;
    }
    setFileError(null);
    try {
      onUploaded(await upload.mutateAsync({ kind, file }));
    } catch {
      // The mutation's error is shown below the form.
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('components.import.uploadStep')}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('components.import.uploadStep')}
        </Typography>
        {kinds.length > 1 ? (
          <TextField
            select
            label={t('components.import.kind')}
            value={kind}
            onChange={(event) => onKindChange(event.target.value)}
            sx={{ maxWidth: 360 }}
          >
            {kinds.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('components.import.templateHelp')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                onClick={() => void download(format)}
                disabled={downloading !== null}
                startIcon={
                  downloading === format ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />
                }
              >
                {t(`components.import.template.${format}`)}
              </Button>
            ))}
          </Stack>
          {downloadError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('components.import.templateFailed')} {downloadError}
            </Alert>
          ) : null}
        </Box>
        <Box>
          <input
            ref={inputRef}
            type="file"
            accept={IMPORT_ACCEPT}
            aria-label={t('components.import.file')}
            tabIndex={-1}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              upload.reset();
            }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              onClick={() => inputRef.current?.click()}
            >
              {file ? t('components.import.chooseOther') : t('components.import.chooseFile')}
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-live="polite">
              {file ? file.name : t('components.import.noFile')}
            </Typography>
          </Stack>
          {fileError ? (
            <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
              {fileError}
            </Typography>
          ) : null}
        </Box>
        {upload.isError ? (
          <Alert severity="error">
            {t('components.import.uploadFailed')} {upload.error.message}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={upload.isPending}
            startIcon={upload.isPending ? <CircularProgress size={16} aria-hidden /> : <UploadIcon />}
          >
            {t('components.import.upload')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
