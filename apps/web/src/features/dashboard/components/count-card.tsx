import { UNLIMITED } from '@hosewright/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

export interface CountCardProps {
  label: string;
  count: number;
  /** The plan's limit for this count, when there is one. */
  limit?: number | undefined;
}

export function CountCard({ label, count, limit }: CountCardProps) {
  const { t } = useTranslation();
  const hasLimit = limit !== undefined && limit < UNLIMITED && limit > 0;
  const share = hasLimit ? Math.min(100, (count / limit) * 100) : 0;
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {formatNumber(count)}
        </Typography>
        {limit !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {hasLimit ? t('dashboard.ofLimit', { limit: formatNumber(limit) }) : t('dashboard.noLimit')}
          </Typography>
        ) : null}
        {hasLimit ? (
          <LinearProgress
            variant="determinate"
            value={share}
            color={share >= 90 ? 'warning' : 'primary'}
            aria-label={t('dashboard.usage', { label })}
            sx={{ mt: 1, height: 6, borderRadius: 3 }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

export function CountCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Skeleton width="50%" />
        <Skeleton width="30%" height={48} />
        <Skeleton width="40%" />
      </CardContent>
    </Card>
  );
}
