import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { NavRail } from '@/components/layout/nav-rail';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { OverlayStack } from '@/components/layout/overlay-stack';
import { PaymentDueBanner } from '@/components/layout/payment-due-banner';
import { PHONE_NAV_HEIGHT, PhoneNav } from '@/components/layout/phone-nav';
import { SubscriptionExpiredBanner } from '@/components/layout/subscription-expired-banner';
import { TermsBanner } from '@/components/layout/terms-banner';
import { SearchSheet } from '@/features/search/components/search-sheet';
import { useSearchSheetStore } from '@/features/search/lib/search-sheet-store';
import { useViewer } from '@/lib/use-viewer';
import { TopBar } from './top-bar';

/** The phone's bottom bar, whose Search opens the search sheet. */
export function PhoneBars() {
  const setSearchOpen = useSearchSheetStore((s) => s.setOpen);
  return (
    <>
      <PhoneNav onSearch={() => setSearchOpen(true)} />
      <SearchSheet />
    </>
  );
}

/**
 * The app shell around every page but the headerless ones: app bar, navigation, the route content, the
 * footer and the overlay stack. It is the app's, not a shared component: it puts the search and the
 * notifications features into the bars. `topBar` replaces the top bar (the pre-rendered public pages draw it
 * for both widths).
 */
export function AppShell({ children, topBar }: { children: ReactNode; topBar?: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const { isAuthenticated, status } = useViewer();
  const navigation = useNavigation();
  // An unverified address can open nothing behind the guard yet, so there is nothing to navigate to.
  const showNav = isAuthenticated && status !== 'unverified';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (th) => th.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'primary.main',
          p: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('common.skipToContent')}
      </Box>
      {topBar ?? <TopBar isXs={isXs} />}
      <Toolbar />
      {navigation.state === 'loading' ? (
        <LinearProgress
          aria-label={t('common.loading')}
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            top: { xs: 56, sm: 64 },
            zIndex: (th) => th.zIndex.drawer + 2,
          }}
        />
      ) : null}
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {showNav && !isXs ? <NavRail /> : null}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <OfflineBanner />
          <SubscriptionExpiredBanner />
          <PaymentDueBanner />
          {/* At least a screen high: the footer starts below the fold, so a page that grows as its data
              arrives moves nothing the user sees. */}
          <Box
            component="main"
            id="main"
            tabIndex={-1}
            sx={{
              flex: 1,
              width: '100%',
              maxWidth: 1200,
              mx: 'auto',
              p: { xs: 2, sm: 3 },
              outline: 'none',
              minHeight: '100dvh',
            }}
          >
            {children}
          </Box>
          <Footer />
          {/* After the footer, held at the bottom of the screen: appearing, it pushes nothing down. */}
          <TermsBanner bottom={showNav && isXs ? PHONE_NAV_HEIGHT : 0} />
          {showNav && isXs ? <Box aria-hidden sx={{ height: PHONE_NAV_HEIGHT, flexShrink: 0 }} /> : null}
        </Box>
      </Box>
      {showNav && isXs ? <PhoneBars /> : null}
      <OverlayStack />
    </Box>
  );
}
