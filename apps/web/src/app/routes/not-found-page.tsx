import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';

/** Any unmatched path (`NOT_FOUND_ROUTE`). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('notFound.title')} icon={<SearchOffIcon />} />
      <Typography>{t('notFound.text', { path: pathname })}</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" href="/">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Stack>
  );
}
