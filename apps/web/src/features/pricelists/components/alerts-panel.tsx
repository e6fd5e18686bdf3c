/**
 * The margin alerts of a list (`listPriceListAlerts`): items of the version in force whose lowest price is
 * below the target margin at today's cost, the worst first.
 */
import type { PriceListDetail } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { priceListAlertsQuery } from '@/api/pricelists';
import { formatPct, formatPrice } from '../lib/prices';
import { BelowTargetFlag } from './chips';

/** How many of the worst items the panel shows. */
const SHOWN = 10;

export function AlertsPanel({ list }: { list: PriceListDetail }) {
  const { t } = useTranslation();
  const alerts = useQuery(priceListAlertsQuery(list._id));
  if (alerts.isPending) return <Skeleton width="60%" />;
  if (alerts.isError) {
    return (
      <Alert severity="error">
        {t('priceLists.detail.alertsLoadFailed')} {alerts.error.message}
      </Alert>
    );
  }
  const { targetMarginPct } = alerts.data;
  const worst = [...alerts.data.alerts]
    .sort((a, b) => (a.marginPct ?? Number.NEGATIVE_INFINITY) - (b.marginPct ?? Number.NEGATIVE_INFINITY))
    .slice(0, SHOWN);
  if (worst.length === 0) {
    return (
      <Typography color="text.secondary">
        {t('priceLists.detail.noAlerts', { pct: targetMarginPct })}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('priceLists.detail.alertsHelp', { pct: targetMarginPct })}
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>
        {t('priceLists.detail.alertCount', { count: alerts.data.alerts.length })}
      </Typography>
      <List dense disablePadding aria-label={t('priceLists.detail.alerts')}>
        {worst.map((alert) => (
          <ListItem
            key={`${alert.itemType}:${alert.itemId}:${alert.minQuantity ?? ''}`}
            disableGutters
            divider
          >
            <ListItemText
              primary={
                <>
                  <strong>{alert.partNumber}</strong>{' '}
                  <BelowTargetFlag targetPct={targetMarginPct}>{formatPct(alert.marginPct)}</BelowTargetFlag>
                </>
              }
              secondary={[
                alert.description,
                t('priceLists.detail.alertLine', {
                  price: formatPrice(alert.unitPrice, list.currency),
                  cost: formatPrice(alert.unitCost, list.currency),
                }),
                alert.minQuantity === null
                  ? ''
                  : t('priceLists.detail.alertBreak', { quantity: alert.minQuantity }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
