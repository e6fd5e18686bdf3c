import { useAuth0 } from '@auth0/auth0-react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LoginIcon from '@mui/icons-material/Login';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserMenu } from '@/components/layout/user-menu';
import { Logo } from '@/components/logo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useNotificationsSocket } from '@/features/notifications/lib/use-notifications-socket';
import { GlobalSearchMenu } from '@/features/search/components/global-search';
import { loginOptions, signUpOptions } from '@/lib/auth';
import { snackbar } from '@/lib/snackbar-store';
import { useViewer } from '@/lib/use-viewer';

/**
 * The top bar: history buttons, the logo, and for a signed-in user the search menu, the Upgrade chip of a
 * trial, the notification bell and the user menu (for a visitor: pricing, sign up and log in). While it is
 * on screen for a signed-in user it also keeps the notifications socket open, which feeds the bell's count.
 * The search menu sits in the bar on wider screens; on phones the bottom bar's Search opens it in a sheet.
 */
export function TopBar({ isXs }: { isXs: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loginWithRedirect } = useAuth0();
  const viewer = useViewer();
  const isTrial = viewer.access?.subscription?.tier === 'trial';
  // An unverified address can search nothing yet.
  const canSearch = viewer.isAuthenticated && viewer.status !== 'unverified';
  useNotificationsSocket();

  // Links to /signup and /login (where the pre-rendered public pages, without the SDK, send them); here the
  // SDK starts the redirect at once.
  const startRedirect = (event: MouseEvent, kind: 'login' | 'signup') => {
    event.preventDefault();
    loginWithRedirect(kind === 'signup' ? signUpOptions() : loginOptions('/')).catch(() => {
      snackbar.warning(t('auth.redirectFailed'));
    });
  };

  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, md: 1 }, px: { xs: 1, sm: 2 } }}>
        <Box sx={{ display: 'flex' }}>
          <Tooltip title={t('topBar.back')}>
            <IconButton
              color="inherit"
              size={isXs ? 'small' : 'medium'}
              aria-label={t('topBar.back')}
              data-history="-1"
              onClick={() => navigate(-1)}
            >
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('topBar.forward')}>
            <IconButton
              color="inherit"
              size={isXs ? 'small' : 'medium'}
              aria-label={t('topBar.forward')}
              data-history="1"
              onClick={() => navigate(1)}
            >
              <ArrowForwardIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Link
          href={viewer.isAuthenticated ? '/dashboard' : '/'}
          color="inherit"
          underline="none"
          aria-label={t('topBar.home')}
          sx={{ display: 'inline-flex', alignItems: 'center', borderRadius: 1, px: 0.5 }}
        >
          <Logo compact={isXs} />
        </Link>
        <Box sx={{ flex: 1 }} />
        {viewer.isLoading ? null : viewer.isAuthenticated ? (
          <>
            {canSearch && !isXs ? <GlobalSearchMenu /> : null}
            {isTrial ? (
              <Chip
                component="a"
                href="/upgradesubscription"
                clickable
                label={t('topBar.upgrade')}
                size="small"
                onClick={(event) => {
                  event.preventDefault();
                  navigate('/upgradesubscription');
                }}
                sx={{ bgcolor: 'brand.gold', color: '#2b1d00', fontWeight: 700 }}
              />
            ) : null}
            <NotificationBell />
            <UserMenu />
          </>
        ) : (
          <>
            {isXs ? (
              <Tooltip title={t('topBar.pricing')}>
                <IconButton color="inherit" href="/features" aria-label={t('topBar.pricing')}>
                  <SellOutlinedIcon />
                </IconButton>
              </Tooltip>
            ) : (
              <Button color="inherit" href="/features">
                {t('topBar.pricing')}
              </Button>
            )}
            <Button
              variant="contained"
              disableElevation
              href="/signup"
              onClick={(event) => startRedirect(event, 'signup')}
              sx={{
                bgcolor: 'brand.gold',
                color: '#2b1d00',
                whiteSpace: 'pre',
                '&:hover': { bgcolor: '#e0a420' },
              }}
            >
              {t('topBar.signUp')}
            </Button>
            {isXs ? (
              <IconButton
                color="inherit"
                aria-label={t('topBar.login')}
                href="/login"
                onClick={(event) => startRedirect(event, 'login')}
              >
                <LoginIcon />
              </IconButton>
            ) : (
              <Button color="inherit" href="/login" onClick={(event) => startRedirect(event, 'login')}>
                {t('topBar.login')}
              </Button>
            )}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
