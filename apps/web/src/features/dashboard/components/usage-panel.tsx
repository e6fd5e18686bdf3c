import type { DashboardUsage, UsageKey } from '@hosewright/domain';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber, numberFormat } from '@/lib/format';
import { Panel } from './panel';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Bytes as a person reads them: '68 kB', '12.5 MB', '2 GB' (binary multiples, as the plan table counts). */
export function formatBytes(bytes: number): string {
  const unit = bytes >= GB ? 'gigabyte' : bytes >= MB ? 'megabyte' : 'kilobyte';
  const size = { gigabyte: GB, megabyte: MB, kilobyte: KB }[unit];
  return numberFormat({ style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
}

const LABELS: Readonly<Record<UsageKey, ParseKeys>> = {
  customers: 'dashboard.counts.customers',
  hoseAssemblies: 'dashboard.counts.hoseAssemblies',
  hoseKits: 'dashboard.counts.hoseKits',
  imageStorageBytes: 'dashboardWeek.usage.pictures',
};

/** A share of the limit from which the bar turns to a warning. */
const NEARLY_FULL = 90;

/** What the plan limits: how much of each is used, as a bar against its limit. */
export function UsagePanel({ usage }: { usage: readonly DashboardUsage[] }) {
  const { t } = useTranslation();
  const show = (key: UsageKey, n: number) => (key === 'imageStorageBytes' ? formatBytes(n) : formatNumber(n));
  return (
    <Panel title={t('dashboardWeek.usage.title')}>
      <Stack spacing={1.5}>
        {usage.map(({ key, used, limit }) => {
          const label = t(LABELS[key]);
          const share = limit ? Math.min(100, (used / limit) * 100) : 0;
          return (
            <Box key={key}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {limit === null
                    ? `${show(key, used)} · ${t('dashboard.noLimit')}`
                    : `${show(key, used)} ${t('dashboard.ofLimit', { limit: show(key, limit) })}`}
                </Typography>
              </Box>
              {limit === null ? null : (
                <LinearProgress
                  variant="determinate"
                  value={share}
                  color={share >= NEARLY_FULL ? 'warning' : 'primary'}
                  aria-label={t('dashboard.usage', { label })}
                  sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                />
              )}
            </Box>
          );
        })}
      </Stack>
    </Panel>
  );
}
