import { formatStockQuantity, type HosePiece, MM_PER_INCH, type QuantityUnit } from '@hosewright/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
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
import { hosePiecesQuery } from '@/api/inventory';
import { EmptyState } from '@/components/empty-state';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { LoadFailed } from '@/components/load-failed';
import { useOrganizationSetting } from '@/lib/organization-settings';
import { useUnitSystem } from '@/lib/use-units';
import type { MovementPrefill } from './movement-dialog';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const MAX_PAGE = 500;
const PAGE = 100;

/**
 * A piece's free length as the movement dialog takes it, exact to the tenth of a millimetre the ledger keeps:
 * metres, or inches for imperial readers.
 */
export function wholePiece(lengthMm: number, system: 'metric' | 'imperial'): MovementPrefill['quantity'] {
  const unit: QuantityUnit = system === 'imperial' ? 'in' : 'm';
  const value = unit === 'in' ? lengthMm / MM_PER_INCH : lengthMm / 1000;
  return { value: String(Number(value.toFixed(4))), unit };
}

/**
 * Hose stocked by length, piece by piece (`listHosePieces`, ADR 19): each reel or remnant with where it is,
 * how much is left of what came in (a bar), its batch and date code, and whether it is a remnant or past its
 * shelf life. Scrap and Move open the movement dialog on that piece.
 */
export function HosePieceList({
  warehouseId,
  onMovement,
}: {
  warehouseId: string;
  onMovement: (prefill: MovementPrefill) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const system = useUnitSystem();
  const defaults = useOrganizationSetting('defaults');
  const [count, setCount] = useState(PAGE);
  const [remnantsOnly, setRemnantsOnly] = useState(false);
  const [pastOnly, setPastOnly] = useState(false);
  const list = useQuery(
    hosePiecesQuery({
      warehouseId: warehouseId || undefined,
      itemsPerPage: count,
      ...(remnantsOnly ? { remnants: 'true' } : {}),
      ...(pastOnly ? { pastShelfLife: 'true' } : {}),
    }),
  );
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const length = (mm: number) => formatStockQuantity(mm, 'mm', system);
  const filtered = remnantsOnly || pastOnly;

  const filters = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Chip
        label={t('inventory.pieces.remnantsOnly')}
        color={remnantsOnly ? 'primary' : 'default'}
        variant={remnantsOnly ? 'filled' : 'outlined'}
        onClick={() => setRemnantsOnly((v) => !v)}
        aria-pressed={remnantsOnly}
      />
      <Chip
        label={t('inventory.pieces.pastShelfLifeOnly')}
        color={pastOnly ? 'primary' : 'default'}
        variant={pastOnly ? 'filled' : 'outlined'}
        onClick={() => setPastOnly((v) => !v)}
        aria-pressed={pastOnly}
      />
    </Stack>
  );

  let body: React.ReactNode;
  if (list.isError) {
    body = (
      <LoadFailed
        message={t('inventory.pieces.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.isPending) {
    body = (
      <Stack spacing={1} aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<TimelapseIcon />}
        title={t(filtered ? 'inventory.pieces.noMatchTitle' : 'inventory.pieces.emptyTitle')}
        text={t(filtered ? 'inventory.pieces.noMatchText' : 'inventory.pieces.emptyText')}
      />
    );
  } else {
    const labelOf = (row: HosePiece) =>
      t('inventory.pieces.label', {
        partNumber: row.component.partNumber,
        batch: row.batch || t('inventory.pieces.noBatch'),
        length: length(row.length),
      }).trim();
    const prefill = (row: HosePiece, type: 'scrap' | 'transfer'): MovementPrefill => ({
      type,
      item: row.component,
      place: { warehouseId: row.warehouse._id, locationId: row.location?._id ?? null },
      piece: { _id: row._id, label: labelOf(row) },
      quantity: wholePiece(Math.max(0, row.length - row.reserved), system),
    });
    body = (
      <ScrollRegion
        aria-labelledby={headingId}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('inventory.fields.partNumber')}</TableCell>
              <TableCell>{t('inventory.fields.place')}</TableCell>
              <TableCell>{t('inventory.pieces.length')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('inventory.pieces.batch')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('inventory.pieces.dateCode')}</TableCell>
              <TableCell>
                <Box component="span" sx={{ position: 'absolute', left: -10000 }}>
                  {t('inventory.lowStock.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row._id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Box sx={{ fontWeight: 600 }}>{row.component.partNumber}</Box>
                  <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
                    {row.remnant ? (
                      <Chip size="small" color="info" label={t('inventory.pieces.remnant')} />
                    ) : null}
                    {row.pastShelfLife ? (
                      <Chip size="small" color="error" label={t('inventory.pieces.pastShelfLife')} />
                    ) : null}
                  </Stack>
                  {/* Batch and date code move under the part number on a phone. */}
                  <Box
                    sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}
                  >
                    {[row.batch, row.dateCode].filter(Boolean).join(' · ')}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.location ? `${row.warehouse.code} / ${row.location.code}` : row.warehouse.code}
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <Box sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{length(row.length)}</Box>
                  <LinearProgress
                    variant="determinate"
                    value={row.receivedLength > 0 ? (100 * row.length) / row.receivedLength : 0}
                    color={row.remnant ? 'info' : 'primary'}
                    sx={{ my: 0.5, height: 6, borderRadius: 3 }}
                    aria-label={t('inventory.pieces.ofReceived', { length: length(row.receivedLength) })}
                  />
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('inventory.pieces.ofReceived', { length: length(row.receivedLength) })}
                  </Typography>
                  {row.reserved > 0 ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('inventory.pieces.reserved', { length: length(row.reserved) })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                  {row.batch || (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('inventory.pieces.noBatch')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                  {row.dateCode ?? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('inventory.pieces.noDateCode')}
                    </Typography>
                  )}
                  {row.useBy ? (
                    <Typography
                      variant="caption"
                      color={row.pastShelfLife ? 'error' : 'text.secondary'}
                      component="div"
                    >
                      {t('inventory.pieces.useBy', { month: row.useBy })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={0.5}
                    role="group"
                    aria-label={t('inventory.pieces.actionsFor', { piece: labelOf(row) })}
                  >
                    <Button
                      size="small"
                      startIcon={<SwapHorizIcon />}
                      onClick={() => onMovement(prefill(row, 'transfer'))}
                    >
                      {t('inventory.pieces.move')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteOutlineIcon />}
                      onClick={() => onMovement(prefill(row, 'scrap'))}
                    >
                      {t('inventory.pieces.scrap')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('inventory.pieces.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('inventory.pieces.help', { months: defaults?.hoseShelfLifeMonths ?? 48 })}
      </Typography>
      <Box sx={{ mb: 1 }}>{filters}</Box>
      {body}
      {total > rows.length && rows.length < MAX_PAGE ? (
        <Button
          onClick={() => setCount((n) => Math.min(n + PAGE, MAX_PAGE))}
          disabled={list.isFetching}
          sx={{ mt: 1 }}
        >
          {t('inventory.pieces.more', { shown: rows.length, total })}
        </Button>
      ) : null}
    </Box>
  );
}
