import { type AssemblyComputation, type AssemblyIssue, isSafetyConfirmationCode } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { useUnits } from '@/lib/use-units';

export interface Results {
  computation: AssemblyComputation | null;
  /** The part number the server will save under ('' until it answered). */
  title: string;
  /** The server answered for the current draft (prices are the server's, with the customer's terms). */
  isFromServer: boolean;
  isComputing: boolean;
  serverError: string | null;
}

function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.3 }}>{value || '–'}</Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      ) : null}
    </Box>
  );
}

function Issues({ issues, severity }: { issues: readonly AssemblyIssue[]; severity: 'error' | 'warning' }) {
  if (!issues.length) return null;
  return (
    <Alert severity={severity} sx={{ '& ul': { m: 0, pl: 2 } }}>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.code}-${issue.path ?? ''}-${issue.message}`}>{issue.message}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * The live results: cut length, pressure and what limits it, warnings and errors (a pressure above the
 * assembly's rating among them), cost and price.
 */
export function ResultsPanel({ results, showPrices }: { results: Results; showPrices: boolean }) {
  const { t } = useTranslation();
  const units = useUnits();
  const c = results.computation;
  if (!c) {
    return (
      <Typography color="text.secondary" role="status">
        {t('assemblies.builder.resultsEmpty')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} aria-live="polite">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Figure label={t('assemblies.figures.cutLength')} value={units.length(c.cutLengthMm)} />
        <Figure
          label={t('assemblies.figures.maxPressure')}
          value={units.pressure(c.maxWorkingPressurePsi)}
          help={t('assemblies.figures.limitedBy', { partNumber: c.pressureLimitedBy.partNumber })}
        />
        {c.orientationToleranceDeg !== null ? (
          <Figure
            label={t('assemblies.figures.orientationTolerance')}
            value={`±${c.orientationToleranceDeg}°`}
          />
        ) : null}
        {c.wrapLengthMm !== null ? (
          <Figure label={t('assemblies.figures.wrapLength')} value={units.length(c.wrapLengthMm)} />
        ) : null}
      </Box>
      {/* A safety finding not yet confirmed is answered beside the results ("Confirm before saving"). */}
      <Issues issues={c.errors.filter((e) => !isSafetyConfirmationCode(e.code))} severity="error" />
      <Issues issues={c.warnings} severity="warning" />
      {showPrices ? (
        <>
          <Divider />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
            <Figure
              label={t('assemblies.figures.unitCost')}
              value={formatMoney(c.costs.unitCost, c.costs.costCurrency)}
            />
            <Figure
              label={t('assemblies.figures.unitPrice')}
              value={results.isFromServer ? formatMoney(c.costs.unitPrice, c.costs.currency) : '…'}
              help={
                results.isFromServer
                  ? t('assemblies.figures.margin', {
                      margin: c.costs.marginPct,
                      discount: c.costs.discountPct,
                    })
                  : undefined
              }
            />
            {c.costs.quantity > 1 ? (
              <Figure
                label={t('assemblies.figures.total', { count: c.costs.quantity })}
                value={results.isFromServer ? formatMoney(c.costs.totalPrice, c.costs.currency) : '…'}
              />
            ) : null}
          </Box>
        </>
      ) : null}
      <Divider />
      <Figure
        label={t('assemblies.figures.partNumber')}
        value={results.title || (results.isComputing ? '…' : t('assemblies.figures.partNumberOnSave'))}
      />
      {results.serverError ? <Alert severity="info">{results.serverError}</Alert> : null}
    </Stack>
  );
}
