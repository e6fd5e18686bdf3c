import { PLANS, type Plan, TIERS, type Tier, TRIAL_DAYS, UNLIMITED } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/lib/format';

export function formatLimit(value: number, unlimited: string): string {
  return value >= UNLIMITED ? unlimited : formatNumber(value);
}

/**
 * The plans and what each allows (values from `PLANS`): one column per tier, or one card per tier on a
 * phone, where four columns do not fit.
 */
export function PlansTable({ currentTier }: { currentTier?: Tier | undefined }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const plans: Plan[] = TIERS.map((tier) => PLANS[tier]);
  const price = (plan: Plan) =>
    plan.priceCentsPerMonth === 0
      ? t('plans.freeForDays', { days: TRIAL_DAYS })
      : t('plans.perMonth', { price: formatMoney(plan.priceCentsPerMonth / 100, 'USD') });
  const rows: { label: string; value: (plan: Plan) => string }[] = [
    { label: t('plans.price'), value: price },
    { label: t('plans.customers'), value: (p) => formatLimit(p.maxCustomers, t('plans.unlimited')) },
    {
      label: t('plans.hoseAssemblies'),
      value: (p) => formatLimit(p.maxHoseAssemblies, t('plans.unlimited')),
    },
    { label: t('plans.hoseKits'), value: (p) => formatLimit(p.maxHoseKits, t('plans.unlimited')) },
    { label: t('plans.adds'), value: (p) => p.adds },
  ];

  if (isXs) {
    return (
      <Stack
        spacing={2}
        component="ul"
        aria-label={t('plans.tableLabel')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {plans.map((plan) => (
          <Paper
            key={plan.tier}
            component="li"
            variant="outlined"
            sx={{ p: 2, bgcolor: plan.tier === currentTier ? 'brand.highlight' : undefined }}
          >
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {plan.label}
              {plan.tier === currentTier ? (
                <Chip size="small" color="primary" label={t('plans.current')} sx={{ ml: 1 }} />
              ) : null}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
            >
              {rows.map((row) => (
                <Fragment key={row.label}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {row.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {row.value(plan)}
                  </Typography>
                </Fragment>
              ))}
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={t('plans.tableLabel')}
        sx={{ minWidth: 340, '& td, & th': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell component="td" />
            {plans.map((plan) => (
              <TableCell
                key={plan.tier}
                scope="col"
                sx={{ fontWeight: 700, bgcolor: plan.tier === currentTier ? 'brand.highlight' : undefined }}
              >
                {plan.label}
                {plan.tier === currentTier ? (
                  <Chip size="small" color="primary" label={t('plans.current')} sx={{ ml: 1 }} />
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {row.label}
              </TableCell>
              {plans.map((plan) => (
                <TableCell
                  key={plan.tier}
                  sx={{
                    bgcolor: plan.tier === currentTier ? 'brand.highlight' : undefined,
                    verticalAlign: 'top',
                  }}
                >
                  {row.value(plan)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
