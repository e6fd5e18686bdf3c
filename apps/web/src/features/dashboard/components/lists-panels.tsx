/** The dashboard's short lists: low stock, and what needs attention (failed imports, unread notifications). */
import {
  type DashboardAttention,
  type DashboardLowStock,
  formatStockQuantity,
  isPremiumTier,
  type Tier,
} from '@hosewright/domain';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShortDate } from '@/lib/format';
import { useUnitSystem } from '@/lib/use-units';
import { Panel, PanelEmpty, UpgradeNote } from './panel';

const REORDER = '/inventory?view=reorder';

/**
 * Items at or below their reorder point, the first few by part number, each opening what to reorder in its
 * warehouse. Nothing at all when the organisation hides inventory on a plan that has it.
 */
export function LowStockPanel({ lowStock, tier }: { lowStock: DashboardLowStock | null; tier: Tier }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const title = t('dashboardWeek.lowStock.title');
  if (!lowStock) {
    if (isPremiumTier(tier)) return null;
    return (
      <Panel title={title}>
        <UpgradeNote feature={t('dashboardWeek.lowStock.feature')} />
      </Panel>
    );
  }
  if (lowStock.total === 0) {
    return (
      <Panel title={title}>
        <PanelEmpty
          title={t('dashboardWeek.lowStock.emptyTitle')}
          text={t('dashboardWeek.lowStock.emptyText')}
          action={{ href: '/inventory', label: t('dashboardWeek.lowStock.emptyAction') }}
        />
      </Panel>
    );
  }
  return (
    <Panel title={title} link={{ href: REORDER, label: t('dashboardWeek.lowStock.open') }}>
      <Typography>
        {t('dashboardWeek.lowStock.summary', {
          count: lowStock.total,
          formatted: formatNumber(lowStock.total),
        })}
      </Typography>
      <List dense disablePadding>
        {lowStock.items.map((line) => (
          <ListItem key={`${line.component._id}-${line.warehouse._id}`} disableGutters>
            <ListItemText
              primary={
                <Link href={`${REORDER}&warehouseId=${line.warehouse._id}`} sx={{ fontWeight: 600 }}>
                  {line.component.partNumber}
                </Link>
              }
              secondary={`${line.warehouse.code} · ${t('dashboardWeek.lowStock.line', {
                onHand: formatStockQuantity(line.onHand, line.stockUnit, system),
                reorderPoint: formatStockQuantity(line.reorderPoint, line.stockUnit, system),
              })}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}

/** The week's failed imports, each opening its log, and the viewer's unread notifications. */
export function AttentionPanel({ attention }: { attention: DashboardAttention }) {
  const { t } = useTranslation();
  const { importsFailed, notificationsUnread } = attention;
  const title = t('dashboardWeek.attention.title');
  const failed = importsFailed?.total ?? 0;
  if (failed === 0 && notificationsUnread === 0) {
    return (
      <Panel title={title}>
        <PanelEmpty
          title={t('dashboardWeek.attention.emptyTitle')}
          text={t('dashboardWeek.attention.emptyText')}
        />
      </Panel>
    );
  }
  const more = failed - (importsFailed?.items.length ?? 0);
  return (
    <Panel title={title}>
      <List dense disablePadding>
        {importsFailed?.items.map((item) => (
          <ListItem key={item.importId} disableGutters>
            <Link href={`/${item.url}`} color="error" sx={{ overflowWrap: 'anywhere' }}>
              {t('dashboardWeek.attention.importFailed', {
                fileName: item.fileName,
                date: formatShortDate(item.failedAt),
              })}
            </Link>
          </ListItem>
        ))}
        {more > 0 ? (
          <ListItem disableGutters>
            <Typography variant="body2" color="text.secondary">
              {t('dashboardWeek.attention.moreImports', { count: more })}
            </Typography>
          </ListItem>
        ) : null}
        {notificationsUnread > 0 ? (
          <ListItem disableGutters>
            <Link href="/notifications">
              {t('dashboardWeek.attention.notifications', {
                count: notificationsUnread,
                formatted: formatNumber(notificationsUnread),
              })}
            </Link>
          </ListItem>
        ) : null}
      </List>
    </Panel>
  );
}
