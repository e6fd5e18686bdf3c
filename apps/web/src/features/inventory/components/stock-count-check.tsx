import { formatStockQuantity, type StockCountDifference } from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stockCountCheckQuery } from '@/api/inventory';
import type { ImportCheckProps } from '@/components/import-wizard/import-mapping-step';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { LoadFailed } from '@/components/load-failed';
import { formatMoney, formatNumber } from '@/lib/format';
import { useUnitSystem } from '@/lib/use-units';
import { formatSignedQuantity } from '../lib/quantity';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const signColour = (value: number) => (value > 0 ? 'success.main' : value < 0 ? 'error.main' : undefined);

function signedMoney(value: number, currency: string): string {
  const shown = formatMoney(Math.abs(value), currency);
  return value > 0 ? `+${shown}` : value < 0 ? `−${shown}` : shown;
}

/**
 * The stock take's check (`checkStockCount`, which writes nothing): every row's problem, or each line the
 * count would change (on hand, counted, difference, value difference) and the total; Start waits for it.
 */
export function StockCountCheck({ importId, mapping, onResult }: ImportCheckProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const errorsId = useId();
  const system = useUnitSystem();
  const check = useQuery(stockCountCheckQuery(importId, mapping));
  const canStart =
    check.data !== undefined && check.data.errors.length === 0 && check.data.differences.length > 0;

  useEffect(() => {
    onResult(canStart);
  }, [canStart, onResult]);

  if (check.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('inventory.stockTake.checking')}</Typography>
      </Stack>
    );
  }
  if (check.isError) {
    return (
      <LoadFailed
        message={t('inventory.stockTake.checkFailed')}
        error={check.error}
        onRetry={() => void check.refetch()}
      />
    );
  }
  const result = check.data;
  if (result.errors.length > 0) {
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('inventory.stockTake.rowProblems', { count: result.errors.length })}
        </Alert>
        <TableContainer
          component={ScrollRegion}
          aria-labelledby={errorsId}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 400 }}
        >
          <Table size="small" stickyHeader aria-labelledby={errorsId}>
            <caption id={errorsId} style={{ captionSide: 'top', textAlign: 'left' }}>
              {t('inventory.stockTake.problemsTable')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('inventory.stockTake.row')}</TableCell>
                <TableCell>{t('inventory.stockTake.column')}</TableCell>
                <TableCell>{t('inventory.stockTake.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.errors.map((e) => (
                <TableRow key={`${e.row}:${e.column}:${e.message}`}>
                  <TableCell>{e.row}</TableCell>
                  <TableCell>{e.column}</TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    );
  }

  const where = (d: StockCountDifference) =>
    d.location ? `${d.warehouse.code} / ${d.location.code}` : d.warehouse.code;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('inventory.stockTake.differences')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('inventory.stockTake.changes', {
          count: result.differences.length,
          formatted: formatNumber(result.differences.length),
        })}{' '}
        {t('inventory.stockTake.unchanged', {
          count: result.unchanged,
          formatted: formatNumber(result.unchanged),
        })}
      </Typography>
      {result.differences.length === 0 ? (
        <Alert severity="info">{t('inventory.stockTake.nothingToChange')}</Alert>
      ) : (
        <TableContainer
          component={ScrollRegion}
          aria-labelledby={headingId}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 480 }}
        >
          <Table size="small" stickyHeader aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('inventory.fields.item')}</TableCell>
                <TableCell>{t('inventory.fields.place')}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {t('inventory.fields.onHand')}
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {t('inventory.stockTake.counted')}
                </TableCell>
                <TableCell align="right">{t('inventory.stockTake.difference')}</TableCell>
                <TableCell align="right">{t('inventory.stockTake.valueDifference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.differences.map((d) => (
                <TableRow key={`${d.component._id}:${d.warehouse._id}:${d.location?._id ?? ''}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {d.component.partNumber}
                    </Box>
                    {d.component.brand ? ` ${d.component.brand}` : ''}
                  </TableCell>
                  <TableCell>{where(d)}</TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                    {formatStockQuantity(d.onHand, d.stockUnit, system)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                    {formatStockQuantity(d.counted, d.stockUnit, system)}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: signColour(d.difference) }}
                  >
                    {formatSignedQuantity(d.difference, d.stockUnit, system)}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', color: signColour(d.valueDifference) }}
                  >
                    {signedMoney(d.valueDifference, result.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        {t('inventory.stockTake.totalValueDifference', {
          value: signedMoney(result.totalValueDifference, result.currency),
        })}
      </Typography>
    </Box>
  );
}
