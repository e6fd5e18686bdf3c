import ContentCutIcon from '@mui/icons-material/ContentCut';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/**
 * "Skive the hose", where the builder saves and at the top of an assembly's page: a hose whose cover must
 * be cut back where the ferrule grips is never crimped unskived (the tag and spec sheet say it too).
 */
export function SkiveNotice({ partNumber }: { partNumber: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" icon={<ContentCutIcon />} variant="filled" role="note">
      <AlertTitle>{t('assemblies.skive.title')}</AlertTitle>
      {t('assemblies.skive.text', { partNumber })}
    </Alert>
  );
}
