/** The frame every section of the dashboard shares: its card, empty state, plan note, table for the charts. */
import { PLANS } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '@/lib/format';
import { useViewer } from '@/lib/use-viewer';

/** Read by screen readers only (in px: in `sx` a width of 1 would be 100%). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A day ('2026-06-01') as the reader's language writes it; read as UTC so no time zone moves it. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateFormat({ ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export interface PanelProps {
  title: string;
  /** A line under the title: what the figures cover. */
  help?: string;
  /** A link to the page the figures come from, at the foot. */
  link?: { href: string; label: string } | undefined;
  children: ReactNode;
}

/** A section of the dashboard: a card named by its heading. */
export function Panel({ title, help, link, children }: PanelProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {help ? (
            <Typography variant="body2" color="text.secondary">
              {help}
            </Typography>
          ) : null}
        </Box>
        {children}
        {link ? (
          <Box>
            <Button href={link.href} size="small" sx={{ px: 0 }}>
              {link.label}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** No figures yet: what is missing and how to get data into it. */
export function PanelEmpty({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: { href: string; label: string } | undefined;
}) {
  return (
    <Box role="status">
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
      {action ? (
        <Button href={action.href} variant="outlined" size="small" sx={{ mt: 1.5 }}>
          {action.label}
        </Button>
      ) : null}
    </Box>
  );
}

/** A section the plan does not include: which plan does, and the upgrade link for admins. */
export function UpgradeNote({ feature }: { feature: string }) {
  const { t } = useTranslation();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const plan = PLANS.professional.label;
  return (
    <Box>
      <Typography variant="body2">{t('dashboardWeek.upgrade.text', { feature, plan })}</Typography>
      {isAdmin ? (
        <Button href="/upgradesubscription" size="small" sx={{ mt: 1, px: 0 }}>
          {t('dashboardWeek.upgrade.action', { plan })}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboardWeek.upgrade.askAdmin')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A chart's figures as a table for screen readers (the chart itself is hidden from them): its caption names
 * the chart, then a row per bar.
 */
export function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  // The wrapper hides it: a table grows to its content whatever width it is given.
  return (
    <Box sx={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={head[i]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={head[i]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** A section while the dashboard loads. */
export function PanelSkeleton({ chart = false }: { chart?: boolean }) {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Skeleton width="40%" height={32} />
        <Skeleton width="70%" />
        {chart ? <Skeleton variant="rounded" height={200} sx={{ mt: 1 }} /> : <Skeleton width="55%" />}
      </CardContent>
    </Card>
  );
}
