import { USER_MENU_WIDTH } from '@hosewright/domain';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { organizationQuery } from '@/api/organization';
import { useImageUrl } from '@/components/images/object-image';
import { useViewer } from '@/lib/use-viewer';

interface Entry {
  to: string;
  label: string;
  secondary?: string;
  icon: ReactNode;
}

/**
 * The organisation (its name, id and whether it has a logo) for the user menu; if the call fails the name
 * stays empty.
 */
function useOrganization(enabled: boolean): { id: string; name: string; hasLogo: boolean } {
  const query = useQuery({ ...organizationQuery(), enabled, staleTime: 5 * 60_000, retry: false });
  return { id: query.data?._id ?? '', name: query.data?.name ?? '', hasLogo: query.data?.hasLogo ?? false };
}

/** The organisation's logo (the picture stored under its id) when it has one, else a building icon. */
function OrganizationIcon({ organizationId, hasLogo }: { organizationId: string; hasLogo: boolean }) {
  const logo = useImageUrl(organizationId || null, hasLogo);
  if (!logo) return <BusinessOutlinedIcon />;
  return (
    <Box
      component="img"
      src={logo}
      alt=""
      data-testid="organization-logo"
      sx={{ width: 28, height: 28, objectFit: 'contain', borderRadius: 0.5 }}
    />
  );
}

/**
 * The user menu (`USER_MENU_WIDTH` wide): the profile, the organisation, the admin-only team and billing
 * entries, notifications, feedback, upgrade, pricing, and signing out. Every entry is a link, so the menu is
 * a disclosure: a button that opens a panel of links (Tab moves through them, Escape closes).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isReady = viewer.status === 'ready';
  const organization = useOrganization(isReady);
  const isAdmin = viewer.access?.roles.includes('admin') ?? false;

  // The entries in groups with a rule between them; each group is a list of its own, as a list holds list
  // items only.
  const groups: Entry[][] = [
    [
      {
        to: '/user',
        label: viewer.name || t('userMenu.profile'),
        ...(viewer.email ? { secondary: viewer.email } : {}),
        icon: <AccountCircleIcon />,
      },
      ...(organization.name
        ? [
            {
              to: '/organization',
              label: organization.name,
              icon: <OrganizationIcon organizationId={organization.id} hasLogo={organization.hasLogo} />,
            },
          ]
        : []),
    ],
    [
      { to: '/user/details', label: t('userMenu.userDetails'), icon: <PersonOutlineIcon /> },
      { to: '/organization/details', label: t('userMenu.organizationDetails'), icon: <TuneOutlinedIcon /> },
      ...(isAdmin
        ? [
            { to: '/organization/users', label: t('userMenu.inviteTeam'), icon: <GroupAddOutlinedIcon /> },
            { to: '/organization/billing', label: t('userMenu.billing'), icon: <ReceiptLongOutlinedIcon /> },
          ]
        : []),
      { to: '/notifications', label: t('userMenu.notifications'), icon: <NotificationsOutlinedIcon /> },
      { to: '/support', label: t('userMenu.feedback'), icon: <FeedbackOutlinedIcon /> },
      { to: '/upgradesubscription', label: t('userMenu.upgrade'), icon: <UpgradeIcon /> },
      { to: '/features', label: t('userMenu.pricing'), icon: <SellOutlinedIcon /> },
    ],
    [{ to: '/logout', label: t('userMenu.signOut'), icon: <LogoutIcon /> }],
  ];

  return (
    <>
      <Tooltip title={t('userMenu.open')}>
        <IconButton
          color="inherit"
          aria-label={t('userMenu.open')}
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Popover
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: USER_MENU_WIDTH, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box component="nav" aria-label={t('userMenu.label')} sx={{ py: 0.5 }}>
          {groups.map((group, groupIndex) => (
            <Fragment key={group[0]?.to}>
              {groupIndex > 0 ? <Divider sx={{ my: 0.5 }} /> : null}
              <List dense disablePadding>
                {group.map((entry, index) => (
                  <li key={entry.to}>
                    <ListItemButton
                      component={RouterLink}
                      to={entry.to}
                      autoFocus={groupIndex === 0 && index === 0}
                      onClick={() => setAnchor(null)}
                      sx={{ minHeight: 44 }}
                    >
                      <ListItemIcon>{entry.icon}</ListItemIcon>
                      <ListItemText
                        primary={entry.label}
                        secondary={entry.secondary}
                        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                      />
                    </ListItemButton>
                  </li>
                ))}
              </List>
            </Fragment>
          ))}
        </Box>
      </Popover>
    </>
  );
}
