import type { DashboardDay } from '@hosewright/domain';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { BarChart } from './bar-chart';
import { ChartTable, formatDay, Panel, PanelEmpty } from './panel';

/** New assemblies and tagged units, day by day over the last seven days (a bar chart). */
export function WeekPanel({ days }: { days: readonly DashboardDay[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const built = days.reduce((sum, d) => sum + d.assembliesBuilt, 0);
  const tagged = days.reduce((sum, d) => sum + d.unitsTagged, 0);
  const title = t('dashboardWeek.week.title');
  const builtLabel = t('dashboardWeek.week.assembliesBuilt');
  const taggedLabel = t('dashboardWeek.week.unitsTagged');

  return (
    <Panel title={title} help={t('dashboardWeek.week.help')}>
      {built + tagged === 0 ? (
        <PanelEmpty
          title={t('dashboardWeek.week.emptyTitle')}
          text={t('dashboardWeek.week.emptyText')}
          action={{ href: '/hoseassemblies/new', label: t('dashboardWeek.week.emptyAction') }}
        />
      ) : (
        <>
          <Typography>
            {t('dashboardWeek.week.totals', { built: formatNumber(built), tagged: formatNumber(tagged) })}
          </Typography>
          <BarChart
            height={240}
            sideWidth={32}
            legend
            // A phone has room for the weekday alone (seven days: each is named once).
            categories={days.map((d) =>
              formatDay(d.date, isPhone ? { weekday: 'short' } : { weekday: 'short', day: 'numeric' }),
            )}
            series={[
              {
                label: builtLabel,
                values: days.map((d) => d.assembliesBuilt),
                color: theme.palette.primary.main,
              },
              { label: taggedLabel, values: days.map((d) => d.unitsTagged), color: theme.palette.brand.gold },
            ]}
          />
          <ChartTable
            caption={title}
            head={[t('dashboardWeek.week.day'), builtLabel, taggedLabel]}
            rows={days.map((d) => [
              formatDay(d.date, { weekday: 'long', month: 'long', day: 'numeric' }),
              formatNumber(d.assembliesBuilt),
              formatNumber(d.unitsTagged),
            ])}
          />
        </>
      )}
    </Panel>
  );
}
