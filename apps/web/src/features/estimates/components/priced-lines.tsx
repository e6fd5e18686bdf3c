/**
 * An estimate's saved lines as priced: quantity, unit price, line total, and under each price what priced
 * it (staff see it; the customer's PDF does not) and any margin warning. A table on a wide screen, cards on
 * a phone.
 */
import type { Estimate, EstimateLine } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatMinor } from '../lib/estimate';
import { LineWarning } from './estimate-chips';

function Item({ line }: { line: EstimateLine }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t(`estimates.lineTypes.${line.type}`)}
      </Typography>
      {line.partNumber ? (
        <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.partNumber}</Box>
      ) : null}
      {line.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Typography>
      ) : null}
    </>
  );
}

function PricedBy({ line }: { line: EstimateLine }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {line.pricedByText}
      </Typography>
      <LineWarning line={line} />
    </>
  );
}

export function PricedLines({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const money = (minor: number | null) => formatMinor(minor, estimate.currency);
  const label = t('estimates.detail.linesTable', { number: estimate.number });
  if (estimate.lines.length === 0) {
    return <Typography color="text.secondary">{t('estimates.detail.noLines')}</Typography>;
  }
  if (isXs) {
    return (
      <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {estimate.lines.map((line) => (
          <Paper component="li" variant="outlined" key={line._id} sx={{ p: 1.5 }}>
            <Item line={line} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <span>
                {formatNumber(line.quantity)} × {money(line.unitPrice)}
              </span>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {money(line.lineTotal)}
              </Box>
            </Box>
            <PricedBy line={line} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('estimates.fields.item')}</TableCell>
          <TableCell align="right">{t('estimates.fields.quantity')}</TableCell>
          <TableCell align="right">{t('estimates.fields.unitPrice')}</TableCell>
          <TableCell align="right">{t('estimates.fields.lineTotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {estimate.lines.map((line) => (
          <TableRow key={line._id}>
            <TableCell>
              <Item line={line} />
            </TableCell>
            <TableCell align="right">{formatNumber(line.quantity)}</TableCell>
            <TableCell align="right">
              <Box sx={{ whiteSpace: 'nowrap' }}>{money(line.unitPrice)}</Box>
              <PricedBy line={line} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {money(line.lineTotal)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
