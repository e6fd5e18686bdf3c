import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/lib/format';

export interface CountCardProps {
  label: string;
  count: number;
}

/** How many of something the organisation has (those the plan limits are in the usage panel). */
export function CountCard({ label, count }: CountCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {formatNumber(count)}
        </Typography>
      </CardContent>
    </Card>
  );
}
