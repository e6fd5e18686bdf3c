import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNotificationsStore } from '../lib/notifications-store';

/** The highest count the badge shows; above it, '99+'. */
const MAX_SHOWN = 99;

/**
 * The bell links to /notifications. Above 0 it wears a badge with the count, and its name says the count
 * as the badge shows it ('Notifications: 3 unread'), so the name holds the text a sighted user reads; at 0
 * there is no badge at all (no hidden '0' inside the link) and the name is just 'Notifications'.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useNotificationsStore((s) => s.count);
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  const label = count > 0 ? t('notifications.bellUnread', { count, shown }) : t('notifications.bell');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" href="/notifications" aria-label={label}>
        {count > 0 ? (
          <Badge
            badgeContent={shown}
            sx={{ '& .MuiBadge-badge': { bgcolor: 'brand.notification', color: '#fff' } }}
          >
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsNoneIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
