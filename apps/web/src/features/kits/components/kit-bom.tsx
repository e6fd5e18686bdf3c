/**
 * The priced bill of materials: each line's part, quantity, unit price and extended price with the
 * customer's terms, and the kit's totals. A table on wider screens, one card per line on a phone.
 */
import type { HoseKitLine, KitTotals } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { formatMoney } from '@/lib/format';
import { formatQuantity } from '../lib/format';

export type BomLine = Omit<HoseKitLine, '_id'>;

/** '2', or '2.5 m' for a component costed by length. */
function quantityOf(line: BomLine): string {
  const unit = line.component && line.component.costUnit !== 'each' ? ` ${line.component.costUnit}` : '';
  return `${formatQuantity(line.quantity)}${unit}`;
}

function linkOf(line: BomLine): string | null {
  if (line.lineType === 'hoseAssembly' && line.hoseAssemblyId) return `/hoseassembly/${line.hoseAssemblyId}`;
  if (line.lineType === 'component' && line.componentId) return `/item/${line.componentId}`;
  return null;
}

function PartCell({ line }: { line: BomLine }) {
  const { t } = useTranslation();
  const href = linkOf(line);
  const name = line.partNumber || t(`kits.lineTypes.${line.lineType}`);
  return href ? (
    <Link href={href} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {name}
    </Link>
  ) : (
    <Typography component="span" sx={{ fontWeight: 600 }}>
      {name}
    </Typography>
  );
}

/** Prices in `currency` (the customer's, or the base currency), costs in `costCurrency` (the base). */
interface Currencies {
  currency?: string | null | undefined;
  costCurrency?: string | null | undefined;
}

export function TotalsSummary({ totals, currency, costCurrency }: { totals: KitTotals } & Currencies) {
  const { t } = useTranslation();
  const price = formatMoney(totals.price, currency ?? undefined);
  return (
    <Box role="group" aria-label={t('kits.bom.totals')} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
        {t('kits.bom.kitPrice', { price })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('kits.bom.kitCost', { cost: formatMoney(totals.cost, costCurrency ?? currency ?? undefined) })}
        {totals.marginPct === null ? '' : ` · ${t('kits.bom.margin', { pct: totals.marginPct })}`}
      </Typography>
      {totals.linesWithoutCost ? (
        <Alert severity="warning" sx={{ mt: 0.5 }}>
          {t('kits.bom.linesWithoutCost', { count: totals.linesWithoutCost })}
        </Alert>
      ) : null}
    </Box>
  );
}

export function KitBom({
  lines,
  totals,
  currency,
  costCurrency,
}: {
  lines: readonly BomLine[];
  totals: KitTotals;
} & Currencies) {
  const { t } = useTranslation();
  const price = (value: number | null) => formatMoney(value, currency ?? undefined);
  const cost = (value: number | null) => formatMoney(value, costCurrency ?? currency ?? undefined);
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  if (!lines.length) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} role="status">
        <Typography>{t('kits.bom.empty')}</Typography>
      </Paper>
    );
  }
  if (isXs) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box
          component="ul"
          aria-label={t('kits.bom.title')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {lines.map((line) => (
            <Paper
              component="li"
              variant="outlined"
              key={line.position}
              sx={{ p: 1.5, display: 'grid', gap: 0.25 }}
            >
              <PartCell line={line} />
              {line.description ? (
                <Typography variant="body2" color="text.secondary">
                  {line.description}
                </Typography>
              ) : null}
              <Typography variant="body2">
                {t('kits.bom.phoneLine', {
                  quantity: quantityOf(line),
                  unitPrice: price(line.unitPrice),
                  extendedPrice: price(line.extendedPrice),
                })}
              </Typography>
            </Paper>
          ))}
        </Box>
        <TotalsSummary totals={totals} currency={currency} costCurrency={costCurrency} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ScrollRegion aria-label={t('kits.bom.title')}>
        <Table size="small" aria-label={t('kits.bom.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('kits.bom.columns.position')}</TableCell>
              <TableCell>{t('kits.bom.columns.part')}</TableCell>
              <TableCell>{t('kits.bom.columns.description')}</TableCell>
              <TableCell align="right">{t('kits.bom.columns.quantity')}</TableCell>
              <TableCell align="right">{t('kits.bom.columns.unitCost')}</TableCell>
              <TableCell align="right">{t('kits.bom.columns.unitPrice')}</TableCell>
              <TableCell align="right">{t('kits.bom.columns.extendedPrice')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.position}>
                <TableCell>{line.position}</TableCell>
                <TableCell>
                  <PartCell line={line} />
                </TableCell>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{quantityOf(line)}</TableCell>
                <TableCell align="right">{cost(line.unitCost)}</TableCell>
                <TableCell align="right">{price(line.unitPrice)}</TableCell>
                <TableCell align="right">{price(line.extendedPrice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={6} align="right" sx={{ fontWeight: 700 }}>
                {t('kits.bom.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {price(totals.price)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollRegion>
      <TotalsSummary totals={totals} currency={currency} costCurrency={costCurrency} />
    </Box>
  );
}
