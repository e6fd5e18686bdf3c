import {
  type AppNotification,
  isNotificationViewStatus,
  isUnreadViewStatus,
  NotificationStatus,
  NotificationViewStatus,
  viewStatusName,
} from '@hosewright/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneIcon from '@mui/icons-material/Done';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notificationListQuery, useDeleteNotification, useUpdateNotification } from '@/api/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { snackbar } from '@/lib/snackbar-store';
import { notificationHref } from '../lib/notifications-socket';
import { useNotificationsStore } from '../lib/notifications-store';

export const NOTIFICATIONS_PER_PAGE = 25;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** `/notifications`: the signed-in user's notifications, newest first, to read, dismiss and delete. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const includeHidden = params.get('hidden') === '1';
  const list = useQuery(notificationListQuery({ page, itemsPerPage: NOTIFICATIONS_PER_PAGE, includeHidden }));
  const [toDelete, setToDelete] = useState<AppNotification | null>(null);
  // The bell's count follows each change at once; the socket confirms it later.
  const update = useUpdateNotification((updated, { notification }) =>
    useNotificationsStore.getState().applyUpdate(updated, notification.viewStatus),
  );
  const remove = useDeleteNotification((deleted) =>
    useNotificationsStore.getState().remove(deleted.id, deleted.viewStatus),
  );

  const setQuery = (next: { page?: number; hidden?: boolean }) => {
    const search = new URLSearchParams(params);
    const nextPage = next.page ?? page;
    if (nextPage > 1) search.set('page', String(nextPage));
    else search.delete('page');
    if (next.hidden ?? includeHidden) search.set('hidden', '1');
    else search.delete('hidden');
    setParams(search, { replace: true });
  };

  const failed = (error: unknown) =>
    snackbar.warning(isApiError(error) ? error.message : t('notifications.actionFailed'));
  const setViewStatus = (notification: AppNotification, viewStatus: number) =>
    update.mutate({ notification, viewStatus }, { onError: failed });

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('notifications.title')}
        icon={<NotificationsIcon />}
        actions={
          <FormControlLabel
            control={
              <Switch
                checked={includeHidden}
                onChange={(_e, checked) => setQuery({ page: 1, hidden: checked })}
              />
            }
            label={t('notifications.showHidden')}
          />
        }
      />
      {list.isPending ? (
        <Paper
          variant="outlined"
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          sx={{ p: 2 }}
        >
          {[0, 1, 2].map((i) => (
            <Box key={i} sx={{ py: 1 }}>
              <Skeleton width="70%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Paper>
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('notifications.loadFailed')} {list.error.message}
        </Alert>
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <NotificationsNoneIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('notifications.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('notifications.emptyText')}</Typography>
        </Paper>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          aria-label={t('notifications.listLabel')}
          sx={{ m: 0, p: 0 }}
        >
          {items.map((notification, index) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              divider={index < items.length - 1}
              onViewStatus={(viewStatus) => setViewStatus(notification, viewStatus)}
              onDelete={() => setToDelete(notification)}
            />
          ))}
        </Paper>
      )}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, next) => setQuery({ page: next })}
          sx={{ alignSelf: 'center' }}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('notifications.deleteTitle')}
        confirmLabel={t('notifications.delete')}
        tone="error"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete, {
            onSuccess: () => setToDelete(null),
            onError: (error) => {
              setToDelete(null);
              failed(error);
            },
          });
        }}
      >
        {t('notifications.deleteText', { description: toDelete?.description ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function NotificationRow({
  notification,
  divider,
  onViewStatus,
  onDelete,
}: {
  notification: AppNotification;
  divider: boolean;
  onViewStatus: (viewStatus: number) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const unread = isUnreadViewStatus(notification.viewStatus);
  const isFailure = notification.status === NotificationStatus.FAILURE;
  const isDismissed = notification.viewStatus === NotificationViewStatus.DISMISSED;
  const showsState =
    notification.viewStatus !== NotificationViewStatus.UNREAD &&
    notification.viewStatus !== NotificationViewStatus.READ;
  const stateLabel = isNotificationViewStatus(notification.viewStatus)
    ? t(`notifications.viewStatuses.${viewStatusName(notification.viewStatus)}`)
    : String(notification.viewStatus);

  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box
      component="li"
      aria-label={notification.description}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: { xs: 0.5, sm: 2 },
        px: { xs: 2, sm: 3 },
        py: 1.5,
        bgcolor: unread ? 'brand.unread' : undefined,
        borderBottom: divider ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
        {isFailure ? (
          <ErrorOutlineIcon color="error" titleAccess={t('notifications.failure')} sx={{ mt: 0.25 }} />
        ) : (
          <CheckCircleOutlineIcon
            color="success"
            titleAccess={t('notifications.success')}
            sx={{ mt: 0.25 }}
          />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Link
            href={notificationHref(notification.url)}
            underline="hover"
            color="inherit"
            sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}
            onClick={() => {
              if (unread) onViewStatus(NotificationViewStatus.CLICKED);
            }}
          >
            {notification.description}
          </Link>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" component="span">
              <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
            </Typography>
            {unread ? (
              <Chip size="small" color="primary" label={t('notifications.viewStatuses.UNREAD')} />
            ) : null}
            {showsState ? <Chip size="small" variant="outlined" label={stateLabel} /> : null}
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
        {unread
          ? action(t('notifications.markRead'), <DoneIcon fontSize="small" />, () =>
              onViewStatus(NotificationViewStatus.READ),
            )
          : action(t('notifications.markUnread'), <MarkEmailUnreadOutlinedIcon fontSize="small" />, () =>
              onViewStatus(NotificationViewStatus.UNREAD),
            )}
        {isDismissed
          ? null
          : action(t('notifications.dismiss'), <VisibilityOffOutlinedIcon fontSize="small" />, () =>
              onViewStatus(NotificationViewStatus.DISMISSED),
            )}
        {action(t('notifications.delete'), <DeleteOutlineIcon fontSize="small" />, onDelete)}
      </Stack>
    </Box>
  );
}
