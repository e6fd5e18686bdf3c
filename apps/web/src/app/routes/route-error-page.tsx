import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * What renders when a page throws or its code cannot load (typically a new release replaced the old chunks):
 * say so and offer a reload rather than a blank screen.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('routeError.title')}
        </Typography>
        <Typography>{t('routeError.text')}</Typography>
        <Alert severity="error">{message}</Alert>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button onClick={() => window.location.assign('/')}>{t('common.goHome')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
