/** The lines editor with its live totals (new and edit): the section a clerk quotes in. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/section';
import type { FormErrors, LineDraft } from '../lib/form';
import { LinesEditor } from './lines-editor';
import { TotalsBlock } from './totals';
import type { LivePricing } from './use-live-pricing';

export function LinesSection({
  lines,
  errors,
  onChange,
  currency,
  pricing,
  customerId,
  onBuildAssembly,
  focusKey,
}: {
  lines: readonly LineDraft[];
  errors: FormErrors;
  onChange: (lines: LineDraft[]) => void;
  currency: string;
  pricing: LivePricing;
  customerId: string | null;
  onBuildAssembly: (customerId: string) => void;
  focusKey?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('estimates.form.lines', { count: lines.length })}
      action={
        pricing.isPricing ? (
          <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={14} aria-hidden />
            <Typography variant="body2">{t('estimates.form.pricing')}</Typography>
          </Box>
        ) : null
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {!customerId && lines.length > 0 ? (
          <Alert severity="info">{t('estimates.form.chooseCustomerToPrice')}</Alert>
        ) : null}
        {pricing.error ? (
          <Alert severity="warning">
            {t('estimates.form.pricingFailed', { message: pricing.error.message })}
          </Alert>
        ) : null}
        <LinesEditor
          lines={lines}
          errors={errors}
          onChange={onChange}
          currency={currency}
          priced={pricing.byKey}
          customerId={customerId}
          onBuildAssembly={onBuildAssembly}
          focusKey={focusKey}
        />
        {pricing.answer ? <TotalsBlock totals={pricing.answer} label={t('estimates.totals.label')} /> : null}
      </Box>
    </Section>
  );
}
