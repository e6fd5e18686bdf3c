import {
  formatStockQuantity,
  type QuantityUnit,
  reorderPointInputSchema,
  type StockLevel,
  type StockMovement,
} from '@hosewright/domain';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockMovementsQuery, useUpdateReorderPoint } from '@/api/inventory';
import { ScrollRegion } from '@/components/layout/scroll-region';
import { LoadFailed } from '@/components/load-failed';
import { placeLabel } from '@/components/warehouse-picker';
import { formatDate, formatMoney } from '@/lib/format';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { useUnitSystem } from '@/lib/use-units';
import { defaultUnit, formatSignedQuantity, parseNumber, quantityInputText } from '../lib/quantity';
import { MovementType } from './movement-type';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** The most one page of the list answers. */
const MAX_PAGE = 500;
const PAGE = 50;

/**
 * One stock line's item in its warehouse: the ledger (every location, newest first), its reorder point
 * and quantity, and a way to record a movement. Full screen on phones.
 */
export function HistoryDrawer({
  line,
  currency,
  onClose,
  onMove,
}: {
  line: StockLevel;
  currency: string | undefined;
  onClose: () => void;
  /** Record a movement of this item here. */
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const titleId = useId();
  const system = useUnitSystem();
  const item = line.component;
  const qty = (value: number) => formatStockQuantity(value, line.stockUnit, system);

  return (
    <Drawer
      open
      anchor="right"
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: isXs ? '100%' : 680, maxWidth: '100%' },
        } as object,
      }}
    >
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {t('inventory.history.title', { partNumber: item.partNumber, warehouse: line.warehouse.code })}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[item.brand, item.description].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
              '& dt': { color: 'text.secondary', typography: 'body2' },
              '& dd': { m: 0, fontWeight: 600 },
            }}
          >
            <div>
              <dt>{t('inventory.fields.place')}</dt>
              <dd>
                {line.location
                  ? `${line.warehouse.code} / ${line.location.code}`
                  : placeLabel(line.warehouse)}
              </dd>
            </div>
            <div>
              <dt>{t('inventory.fields.onHand')}</dt>
              <dd>
                {qty(line.onHand)}{' '}
                {line.low ? <Chip size="small" color="warning" label={t('inventory.low')} /> : null}
              </dd>
            </div>
            <div>
              <dt>{t('inventory.fields.value')}</dt>
              <dd>{formatMoney(line.value, currency)}</dd>
            </div>
          </Box>
          <Button variant="contained" onClick={onMove} sx={{ mt: 2 }}>
            {t('inventory.history.move')}
          </Button>
        </Paper>

        <ReorderPointForm line={line} />
        <Divider />
        <Ledger line={line} currency={currency} />
      </Stack>
    </Drawer>
  );
}

function Ledger({ line, currency }: { line: StockLevel; currency: string | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const system = useUnitSystem();
  const [count, setCount] = useState(PAGE);
  const ledger = useQuery(
    stockMovementsQuery({
      componentId: line.component._id,
      warehouseId: line.warehouse._id,
      itemsPerPage: count,
    }),
  );
  const rows: StockMovement[] = ledger.data?.items ?? [];
  const total = ledger.data?.total ?? 0;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('inventory.history.ledger')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('inventory.history.ledgerHelp', { warehouse: line.warehouse.code })}
      </Typography>
      {ledger.isError ? (
        <LoadFailed
          message={t('inventory.history.loadFailed')}
          error={ledger.error}
          onRetry={() => void ledger.refetch()}
        />
      ) : ledger.isPending ? (
        <Stack spacing={1} aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('inventory.history.empty')}</Typography>
      ) : (
        <>
          <ScrollRegion
            aria-labelledby={headingId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('inventory.history.date')}</TableCell>
                  <TableCell>{t('inventory.history.type')}</TableCell>
                  <TableCell align="right">{t('inventory.history.quantity')}</TableCell>
                  <TableCell align="right">{t('inventory.history.onHandAfter')}</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {t('inventory.fields.value')}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('inventory.history.reason')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('inventory.history.by')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => {
                  const why = [m.reason, m.reference, m.notes].filter(Boolean).join(' · ');
                  return (
                    <TableRow key={m._id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDate(m.createdAt)}
                        {m.location ? (
                          <Typography variant="body2" color="text.secondary">
                            {m.location.code}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <MovementType type={m.type} />
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{
                          whiteSpace: 'nowrap',
                          fontWeight: 600,
                          color: m.quantity < 0 ? 'error.main' : 'success.main',
                        }}
                      >
                        {formatSignedQuantity(m.quantity, m.stockUnit, system)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatStockQuantity(m.onHandAfter, m.stockUnit, system)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                        {formatMoney(m.value, currency)}
                      </TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>{why}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{m.createdBy?.name ?? ''}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollRegion>
          {total > rows.length && rows.length < MAX_PAGE ? (
            <Button
              onClick={() => setCount((n) => Math.min(n + PAGE, MAX_PAGE))}
              disabled={ledger.isFetching}
              sx={{ mt: 1 }}
            >
              {t('inventory.history.more', { shown: rows.length, total })}
            </Button>
          ) : null}
        </>
      )}
    </Box>
  );
}

type ReorderField = 'reorderPoint' | 'reorderQuantity';

/**
 * The reorder point and quantity of the item in this warehouse (all its locations), in the reader's unit.
 */
function ReorderPointForm({ line }: { line: StockLevel }) {
  const { t } = useTranslation();
  const headingId = useId();
  const system = useUnitSystem();
  const unit: QuantityUnit = defaultUnit(line.stockUnit, system);
  const [point, setPoint] = useState(() => quantityInputText(line.reorderPoint, unit));
  const [quantity, setQuantity] = useState(() => quantityInputText(line.reorderQuantity, unit));
  const quantityText = quantity;
  const [errors, setErrors] = useState<Partial<Record<ReorderField, string>>>({});
  const save = useUpdateReorderPoint();
  const showSnackbar = useSnackbarStore((s) => s.show);
  const unitLabel = t(`inventory.units.${unit}`);

  const send = async (clear: boolean) => {
    const pointValue = parseNumber(point);
    const quantityValue = parseNumber(quantityText);
    const parsed = reorderPointInputSchema.safeParse({
      componentId: line.component._id,
      warehouseId: line.warehouse._id,
      reorderPoint: clear ? null : (pointValue ?? null),
      reorderQuantity: clear ? null : (quantityValue ?? null),
      unit,
    });
    if (!parsed.success) {
      const found: Partial<Record<ReorderField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) === 'reorderQuantity' ? 'reorderQuantity' : 'reorderPoint';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    if (!clear && parsed.data.reorderPoint === null && parsed.data.reorderQuantity !== null) {
      setErrors({ reorderPoint: t('inventory.reorder.pointFirst') });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      if (clear) {
        setPoint('');
        setQuantity('');
      } else {
        setPoint(quantityInputText(saved.reorderPoint, unit));
        setQuantity(quantityInputText(saved.reorderQuantity, unit));
      }
      showSnackbar('success', clear ? t('inventory.reorder.cleared') : t('inventory.reorder.saved'));
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('inventory.reorder.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('inventory.reorder.help', { warehouse: line.warehouse.code })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TextField
          size="small"
          label={t('inventory.reorder.point')}
          value={point}
          onChange={(e) => {
            setPoint(e.target.value);
            setErrors({});
          }}
          error={Boolean(errors.reorderPoint)}
          helperText={errors.reorderPoint ?? t('inventory.reorder.pointHelp')}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{unitLabel}</InputAdornment> },
          }}
        />
        <TextField
          size="small"
          label={t('inventory.reorder.quantity')}
          value={quantityText}
          onChange={(e) => {
            setQuantity(e.target.value);
            setErrors({});
          }}
          error={Boolean(errors.reorderQuantity)}
          helperText={errors.reorderQuantity ?? t('inventory.reorder.quantityHelp')}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{unitLabel}</InputAdornment> },
          }}
        />
      </Box>
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('inventory.reorder.failed')} {save.error.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {t('inventory.reorder.save')}
        </Button>
        {line.reorderPoint !== null || point !== '' ? (
          <Button onClick={() => void send(true)} disabled={save.isPending}>
            {t('inventory.reorder.clear')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
