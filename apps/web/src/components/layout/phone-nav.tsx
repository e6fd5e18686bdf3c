import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useViewer } from '@/lib/use-viewer';
import { getNavItemState, NAV_ITEMS, type NavItem } from './nav-items';
import { NavList } from './nav-list';

const BUILD_ITEM: NavItem = NAV_ITEMS.find((item) => item.to === '/hoseassemblies/new')!;

export const PHONE_NAV_HEIGHT = 56;

/**
 * The phone's bottom bar: New, Search and Menu. Search calls `onSearch` (the app opens its search sheet);
 * Menu opens the navigation in a bottom drawer.
 */
export function PhoneNav({ onSearch }: { onSearch: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { access } = useViewer();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuTitleId = useId();
  const canBuild = access !== null && getNavItemState(BUILD_ITEM, access).isVisible;

  return (
    <>
      <Paper
        component="nav"
        aria-label={t('nav.phoneLabel')}
        elevation={8}
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <BottomNavigation showLabels value={isMenuOpen ? 'menu' : null} sx={{ height: PHONE_NAV_HEIGHT }}>
          {canBuild ? (
            <BottomNavigationAction
              value="new"
              label={t('nav.new')}
              icon={<AddCircleOutlineIcon />}
              onClick={() => navigate('/hoseassemblies/new')}
            />
          ) : null}
          <BottomNavigationAction
            value="search"
            label={t('nav.search')}
            icon={<SearchIcon />}
            aria-haspopup="dialog"
            onClick={onSearch}
          />
          <BottomNavigationAction
            value="menu"
            label={t('nav.menu')}
            icon={<MenuIcon />}
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
          />
        </BottomNavigation>
      </Paper>
      <Drawer
        anchor="bottom"
        open={isMenuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{
          // The drawer is a dialog: its title names it.
          paper: {
            'aria-labelledby': menuTitleId,
            sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '80dvh' },
          },
        }}
      >
        <Box role="navigation" aria-label={t('nav.label')} sx={{ pb: 'env(safe-area-inset-bottom)' }}>
          <Typography id={menuTitleId} variant="subtitle2" color="text.secondary" sx={{ px: 3, pt: 2 }}>
            {t('nav.menu')}
          </Typography>
          <NavList onNavigate={() => setMenuOpen(false)} />
        </Box>
      </Drawer>
    </>
  );
}
