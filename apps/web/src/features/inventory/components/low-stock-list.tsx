import { formatStockQuantity, type LowStock } from '@hosewright/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lowStockQuery } from '@/api/inventory';
import { EmptyState } from '@/components/empty-state';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { LoadFailed } from '@/components/load-failed';
import { useUnitSystem } from '@/lib/use-units';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** The most one page of the list answers. */
const MAX_PAGE = 500;
const PAGE = 100;

/**
 * What to reorder (`listLowStock`): items a warehouse holds no more of than their reorder point, with the
 * suggested order (the reorder quantity, or what brings stock back above the point). Receiving one opens
 * the movement dialog with it.
 */
export function LowStockList({
  warehouseId,
  onReceive,
}: {
  warehouseId: string;
  onReceive: (line: LowStock) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const system = useUnitSystem();
  const [count, setCount] = useState(PAGE);
  const list = useQuery(lowStockQuery({ warehouseId: warehouseId || undefined, itemsPerPage: count }));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  if (list.isError) {
    return (
      <LoadFailed
        message={t('inventory.lowStock.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.isPending) {
    return (
      <Stack spacing={1} aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<CheckCircleOutlineIcon />}
        title={t('inventory.lowStock.emptyTitle')}
        text={t('inventory.lowStock.emptyText')}
      />
    );
  }
  const qty = (row: LowStock, value: number) => formatStockQuantity(value, row.stockUnit, system);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('inventory.lowStock.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('inventory.lowStock.help')}
      </Typography>
      <ScrollRegion
        aria-labelledby={headingId}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('inventory.fields.partNumber')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('inventory.fields.description')}</TableCell>
              <TableCell>{t('inventory.fields.warehouse')}</TableCell>
              <TableCell align="right">{t('inventory.fields.onHand')}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {t('inventory.reorder.point')}
              </TableCell>
              <TableCell align="right">{t('inventory.lowStock.suggested')}</TableCell>
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', left: -10000 }}>
                  {t('inventory.lowStock.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.component._id}:${row.warehouse._id}`}>
                <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {row.component.partNumber}
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                  {[row.component.brand, row.component.description].filter(Boolean).join(' · ')}
                </TableCell>
                <TableCell>{row.warehouse.code}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {qty(row, row.onHand)}
                </TableCell>
                <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                  {qty(row, row.reorderPoint)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {qty(row, row.suggestedOrder)}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => onReceive(row)}
                    aria-label={t('inventory.lowStock.receiveItem', { partNumber: row.component.partNumber })}
                  >
                    {t('inventory.actions.receipt')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {total > rows.length && rows.length < MAX_PAGE ? (
        <Button
          onClick={() => setCount((n) => Math.min(n + PAGE, MAX_PAGE))}
          disabled={list.isFetching}
          sx={{ mt: 1 }}
        >
          {t('inventory.lowStock.more', { shown: rows.length, total })}
        </Button>
      ) : null}
    </Box>
  );
}
