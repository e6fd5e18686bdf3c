import { SIDE_NAV_RAIL_WIDTH, SIDE_NAV_WIDTH } from '@hosewright/domain';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavList } from './nav-list';

const PINNED_KEY = 'sideNavPinned';

function readPinned(): boolean {
  try {
    return localStorage.getItem(PINNED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The side navigation on small screens and up: a 56 px rail that expands to 256 px over the content on
 * hover (or while it holds keyboard focus), and can be pinned open, which makes room for it.
 */
export function NavRail() {
  const { t } = useTranslation();
  const [isPinned, setPinned] = useState(readPinned);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  const isExpanded = isPinned || isHovered || hasFocus;
  const transition = 'width 150ms ease-out';

  const togglePinned = () => {
    setPinned((value) => {
      try {
        localStorage.setItem(PINNED_KEY, String(!value));
      } catch {
        // Pinning still works for this visit.
      }
      return !value;
    });
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
  };

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ width: isPinned ? SIDE_NAV_WIDTH : SIDE_NAV_RAIL_WIDTH, flexShrink: 0, transition }}
    >
      <Drawer
        variant="permanent"
        open
        slotProps={{
          paper: {
            onMouseEnter: () => setHovered(true),
            onMouseLeave: () => setHovered(false),
            onFocus: () => setFocus(true),
            onBlur,
            sx: {
              width: isExpanded ? SIDE_NAV_WIDTH : SIDE_NAV_RAIL_WIDTH,
              overflowX: 'hidden',
              transition,
              boxSizing: 'border-box',
              boxShadow: isExpanded && !isPinned ? 6 : 0,
            },
          },
        }}
      >
        <Toolbar />
        <NavList isExpanded={isExpanded} />
        <Box sx={{ mt: 'auto', p: 1, display: 'flex', justifyContent: isExpanded ? 'flex-end' : 'center' }}>
          <Tooltip title={isPinned ? t('nav.unpin') : t('nav.pin')} placement="right">
            <IconButton onClick={togglePinned} aria-pressed={isPinned} aria-label={t('nav.pin')} size="small">
              {isPinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Box>
      </Drawer>
    </Box>
  );
}
