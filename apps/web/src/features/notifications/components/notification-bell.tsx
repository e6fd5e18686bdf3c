import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNotificationsStore } from '../lib/notifications-store';

/** The bell links to /notifications; its badge shows only when the count is above 0. */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useNotificationsStore((s) => s.count);
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" href="/notifications" aria-label={label}>
        <Badge
          badgeContent={count}
          max={99}
          invisible={count <= 0}
          sx={{ '& .MuiBadge-badge': { bgcolor: 'brand.notification', color: '#fff' } }}
        >
          {count > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
