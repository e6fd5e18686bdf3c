import { matchRoute } from '@hosewright/domain';
import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useViewer } from '@/lib/use-viewer';

/** The honest page for routes whose feature has not landed yet: named, and saying so. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isAuthenticated } = useViewer();
  const { route } = matchRoute(pathname);
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title={route.name} icon={<ConstructionIcon />} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('placeholder.text')}</Typography>
        <Button variant="outlined" href={isAuthenticated ? '/dashboard' : '/'}>
          {isAuthenticated ? t('placeholder.toDashboard') : t('common.goHome')}
        </Button>
      </Paper>
    </Stack>
  );
}
