import LockIcon from '@mui/icons-material/Lock';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { useViewer } from '@/lib/use-viewer';
import { findActiveNavItem, getNavItemState, navItemsFor } from './nav-items';

interface NavListProps {
  /** false on the collapsed rail: labels fade out but stay the entries' accessible names. */
  isExpanded?: boolean;
  onNavigate?: () => void;
}

export function NavList({ isExpanded = true, onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const { access } = useViewer();
  const { pathname } = useLocation();
  const active = findActiveNavItem(pathname);
  const hideInventory = useOrganizationSetting('hideInventory', { enabled: access !== null });

  return (
    <List component="ul" sx={{ py: 1 }}>
      {navItemsFor({ hideInventory }).map((item) => {
        const state = getNavItemState(item, access);
        if (!state.isVisible) return null;
        const Icon = item.icon;
        const label = t(item.labelKey);
        const icon = state.isLocked ? (
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<LockIcon sx={{ fontSize: 13 }} titleAccess={t('nav.locked')} />}
            sx={{
              '& .MuiBadge-badge': {
                p: 0,
                minWidth: 0,
                height: 'auto',
                bgcolor: 'background.paper',
                borderRadius: '50%',
              },
            }}
          >
            <Icon />
          </Badge>
        ) : (
          <Icon />
        );
        const button = (
          <ListItemButton
            component={RouterLink}
            to={item.to}
            selected={active?.to === item.to}
            aria-current={active?.to === item.to ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ minHeight: 48, px: 2, borderRadius: 1, mx: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: state.isLocked ? 'text.disabled' : 'inherit' }}>
              {icon}
            </ListItemIcon>
            <ListItemText
              primary={label}
              sx={{ opacity: isExpanded ? 1 : 0, transition: 'opacity 150ms', whiteSpace: 'nowrap' }}
            />
          </ListItemButton>
        );
        return (
          <li key={item.to}>
            {state.isLocked ? (
              <Tooltip
                describeChild
                placement="right"
                title={t('nav.lockedTooltip', { subscriptions: state.subscriptions.join(', ') })}
              >
                {button}
              </Tooltip>
            ) : (
              button
            )}
          </li>
        );
      })}
    </List>
  );
}
