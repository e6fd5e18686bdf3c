/**
 * The money of an estimate (ADR 21): the subtotal of the rounded lines, the adjustment up to the minimum
 * charge when there is one, each of the customer's taxes, and the total.
 */
import type { EstimatePricingAnswer } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatMinor } from '../lib/estimate';

type Totals = Pick<
  EstimatePricingAnswer,
  'currency' | 'subtotal' | 'minimumChargeAdjustment' | 'taxes' | 'total' | 'taxExempt'
>;

/** One term of the list; `isTotal`, the last, is bold under a rule (a `dl` holds only its rows' `div`s). */
function Row({
  label,
  children,
  isTotal = false,
}: {
  label: string;
  children: ReactNode;
  isTotal?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        fontWeight: isTotal ? 700 : 400,
        ...(isTotal ? { borderTop: 1, borderColor: 'divider', mt: 0.5 } : {}),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 'inherit', whiteSpace: 'nowrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function TotalsBlock({ totals, label }: { totals: Totals; label: string }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMinor(minor, totals.currency);
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, ml: { sm: 'auto' }, maxWidth: { sm: 360 } }}>
      <Row label={t('estimates.totals.subtotal')}>{money(totals.subtotal)}</Row>
      {totals.minimumChargeAdjustment !== 0 ? (
        <Row label={t('estimates.totals.minimumCharge')}>{money(totals.minimumChargeAdjustment)}</Row>
      ) : null}
      {totals.taxExempt ? (
        <Row label={t('estimates.totals.taxExempt')}>{money(0)}</Row>
      ) : (
        totals.taxes.map((tax) => (
          <Row
            key={tax.name}
            label={t('estimates.totals.tax', { name: tax.name, pct: formatNumber(tax.ratePct) })}
          >
            {money(tax.amount)}
          </Row>
        ))
      )}
      <Row label={t('estimates.totals.total', { currency: totals.currency })} isTotal>
        {money(totals.total)}
      </Row>
    </Box>
  );
}
