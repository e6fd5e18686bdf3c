import {
  formatStockQuantity,
  type QuantityUnit,
  type StockMovementInputDraft,
  stockMovementInputSchema,
  stockUnitOf,
  toStockQuantity,
} from '@hosewright/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesQuery } from '@/api/currencies';
import { inventoryListQuery, useCreateStockMovement } from '@/api/inventory';
import { WarehousePicker, type WarehousePlace } from '@/components/warehouse-picker';
import { isApiError } from '@/lib/api';
import { useSnackbarStore } from '@/lib/snackbar-store';
import { useUnitSystem } from '@/lib/use-units';
import { defaultUnit, parseNumber, unitsOffered } from '../lib/quantity';
import { ItemPicker, type StockItem } from './item-picker';

/** The movements a person records here (consumption and counts are written by work orders and stock takes). */
export const MOVEMENT_KINDS = ['receipt', 'adjustment', 'transfer', 'scrap', 'return'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** What the dialog opens with: the movement, and from a stock line its item and place. */
export interface MovementPrefill {
  type: MovementKind;
  item?: StockItem | null;
  place?: WarehousePlace;
  /** Hose stocked by length: the piece to cut from or move (ADR 19), with how it reads, and its length. */
  piece?: { _id: string; label: string };
  /** Typed in for the user (a piece's whole length, in the reader's unit). */
  quantity?: { value: string; unit: QuantityUnit };
}

type Field =
  | 'item'
  | 'place'
  | 'location'
  | 'to'
  | 'quantity'
  | 'unit'
  | 'unitCost'
  | 'reason'
  | 'reference'
  | 'batch'
  | 'dateCode'
  | 'notes';

/** The schema's path of an issue -> the field that shows it. */
const FIELD_OF: Record<string, Field> = {
  componentId: 'item',
  warehouseId: 'place',
  locationId: 'location',
  from: 'place',
  to: 'to',
  quantity: 'quantity',
  unit: 'unit',
  unitCost: 'unitCost',
  reason: 'reason',
  reference: 'reference',
  batch: 'batch',
  dateCode: 'dateCode',
  pieceId: 'quantity',
  notes: 'notes',
};

/** Movements that take hose out and may name the piece. */
const FROM_PIECE: readonly MovementKind[] = ['scrap', 'transfer', 'adjustment'];

const NO_PLACE: WarehousePlace = { warehouseId: '', locationId: null };

/**
 * One dialog for every movement a person records: receive, adjust, transfer, scrap and return (tabs). The
 * quantity is typed in a unit the item allows (a length in m, ft, in or mm, the reader's own preselected; a
 * part in pieces), checked with `stockMovementInputSchema` before it goes; what the server refuses (not
 * enough on hand) shows in the dialog.
 */
export function MovementDialog({ prefill, onClose }: { prefill: MovementPrefill; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const titleId = useId();
  const system = useUnitSystem();
  const currency = useQuery(currenciesQuery()).data?.baseCurrency;
  const save = useCreateStockMovement();
  const showSnackbar = useSnackbarStore((s) => s.show);

  const [type, setType] = useState<MovementKind>(prefill.type);
  const [item, setItem] = useState<StockItem | null>(prefill.item ?? null);
  const [place, setPlace] = useState<WarehousePlace>(prefill.place ?? NO_PLACE);
  const [to, setTo] = useState<WarehousePlace>(NO_PLACE);
  const [quantity, setQuantity] = useState(prefill.quantity?.value ?? '');
  // '' until the user picks one: the reader's unit (read perhaps after the dialog opened) or 'each'.
  const [unit, setUnit] = useState<QuantityUnit | ''>(prefill.quantity?.unit ?? '');
  const [piece, setPiece] = useState(prefill.piece ?? null);
  const [batch, setBatch] = useState('');
  const [dateCode, setDateCode] = useState('');
  const [unitCost, setUnitCost] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const stockUnit = item ? stockUnitOf(item) : null;
  const offered = stockUnit ? unitsOffered(stockUnit) : [];
  const shownUnit: QuantityUnit | '' =
    stockUnit && (unit === '' || !offered.includes(unit)) ? defaultUnit(stockUnit, system) : unit;

  // What is on hand where the stock comes from: it helps to see before taking it out.
  const here = useQuery({
    ...inventoryListQuery({ warehouseId: place.warehouseId, q: item?.partNumber, itemsPerPage: 100 }),
    enabled: item !== null && place.warehouseId !== '',
    select: (page) =>
      page.items.find(
        (l) => l.component._id === item?._id && (l.location?._id ?? null) === place.locationId,
      ) ?? null,
  });
  const onHandHint =
    item && stockUnit && here.isSuccess && !here.isPlaceholderData
      ? t('inventory.movement.onHand', {
          quantity: formatStockQuantity(here.data?.onHand ?? 0, stockUnit, system),
        })
      : null;

  const clearError = (...fields: Field[]) => {
    setServerError(null);
    setErrors((current) => {
      const next = { ...current };
      for (const f of fields) delete next[f];
      return next;
    });
  };
  const onPlace = useCallback((next: WarehousePlace) => {
    setPlace(next);
    setPiece(null);
    setServerError(null);
    setErrors(({ place: _p, location: _l, to: _t, ...rest }) => rest);
  }, []);
  const onTo = useCallback((next: WarehousePlace) => {
    setTo(next);
    setServerError(null);
    setErrors(({ to: _t, ...rest }) => rest);
  }, []);

  const draft = (): StockMovementInputDraft => {
    const amount = parseNumber(quantity);
    const cost = parseNumber(unitCost);
    const common = {
      componentId: item?._id ?? '',
      quantity: amount as number,
      unit: shownUnit as QuantityUnit,
      notes,
    };
    const at = { warehouseId: place.warehouseId, locationId: place.locationId };
    const byLength = stockUnit === 'mm';
    const origin = {
      ...(byLength && batch.trim() !== '' ? { batch } : {}),
      ...(byLength && dateCode !== '' ? { dateCode } : {}),
    };
    const fromPiece = piece && FROM_PIECE.includes(type) ? { pieceId: piece._id } : {};
    switch (type) {
      case 'receipt':
      case 'return':
        return {
          type,
          ...common,
          ...at,
          ...(cost === undefined ? {} : { unitCost: cost }),
          ...origin,
          reference,
        };
      case 'adjustment':
        return { type, ...common, ...at, ...fromPiece, reason };
      case 'scrap':
        return { type, ...common, ...at, ...fromPiece, reason };
      case 'transfer':
        return {
          type,
          ...common,
          ...fromPiece,
          from: at,
          to: { warehouseId: to.warehouseId, locationId: to.locationId },
        };
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!item) found.item = t('inventory.movement.chooseItem');
    if (place.warehouseId === '') found.place = t('inventory.movement.chooseWarehouse');
    if (type === 'transfer' && to.warehouseId === '') found.to = t('inventory.movement.chooseWarehouse');
    const parsed = stockMovementInputSchema.safeParse(draft());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0] ?? '')] ?? 'quantity';
        found[field] ??= issue.message;
      }
    }
    const amount = parseNumber(quantity);
    if (stockUnit && shownUnit && amount !== undefined && Number.isFinite(amount) && !found.quantity) {
      const read = toStockQuantity(Math.abs(amount), shownUnit, stockUnit);
      if (!read.ok) found.quantity = read.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || !item) return;
    try {
      await save.mutateAsync(parsed.data);
      showSnackbar('success', t(`inventory.movement.done.${type}`, { partNumber: item.partNumber }));
      onClose();
    } catch (error) {
      const at = isApiError(error) ? error.body.details?.field : undefined;
      const field = typeof at === 'string' ? FIELD_OF[at.split('.')[0] ?? ''] : undefined;
      if (field && error instanceof Error) setErrors({ [field]: error.message });
      else setServerError(error instanceof Error ? error.message : t('inventory.movement.failed'));
    }
  };

  const helper = (field: Field, help?: string) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ?? help,
  });
  const costUnit = item?.costUnit ?? null;

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={isXs}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('inventory.movement.title')}</DialogTitle>
        <Tabs
          value={type}
          onChange={(_, next: MovementKind) => {
            setType(next);
            setErrors({});
            setServerError(null);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('inventory.movement.type')}
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
        >
          {MOVEMENT_KINDS.map((kind) => (
            <Tab key={kind} value={kind} label={t(`inventory.movement.kinds.${kind}`)} />
          ))}
        </Tabs>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`inventory.movement.help.${type}`)}
            </Typography>
            <ItemPicker
              value={item}
              onChange={(next) => {
                setItem(next);
                setPiece(null);
                setUnit('');
                clearError('item', 'quantity', 'unit');
              }}
              error={errors.item}
            />
            <WarehousePicker
              value={place}
              onChange={onPlace}
              withLocation
              label={type === 'transfer' ? t('inventory.movement.fromWarehouse') : undefined}
              locationLabel={type === 'transfer' ? t('inventory.movement.fromLocation') : undefined}
              error={errors.place}
              locationError={errors.location}
            />
            {piece && FROM_PIECE.includes(type) ? (
              <Alert severity="info" onClose={() => setPiece(null)} sx={{ mt: '-4px !important' }}>
                {t('inventory.movement.fromPiece', { piece: piece.label })}
              </Alert>
            ) : null}
            {onHandHint ? (
              <Typography variant="body2" sx={{ mt: '-8px !important' }} aria-live="polite">
                {onHandHint}
              </Typography>
            ) : null}
            {type === 'transfer' ? (
              <WarehousePicker
                value={to}
                onChange={onTo}
                withLocation
                label={t('inventory.movement.toWarehouse')}
                locationLabel={t('inventory.movement.toLocation')}
                error={errors.to}
              />
            ) : null}
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: 'minmax(0, 1.5fr) minmax(0, 1fr)',
                alignItems: 'start',
              }}
            >
              <TextField
                label={t('inventory.movement.quantity')}
                value={quantity}
                onChange={(e) => {
                  setQuantity(e.target.value);
                  clearError('quantity');
                }}
                required
                slotProps={{ htmlInput: { inputMode: type === 'adjustment' ? 'text' : 'decimal' } }}
                {...helper(
                  'quantity',
                  type === 'adjustment' ? t('inventory.movement.adjustHelp') : undefined,
                )}
              />
              <TextField
                select
                label={t('inventory.movement.unit')}
                value={shownUnit}
                disabled={!item}
                onChange={(e) => {
                  setUnit(e.target.value as QuantityUnit);
                  clearError('quantity', 'unit');
                }}
                {...helper(
                  'unit',
                  stockUnit === 'mm'
                    ? t('inventory.movement.byLength')
                    : stockUnit === 'each'
                      ? t('inventory.movement.byCount')
                      : undefined,
                )}
              >
                {shownUnit === '' ? <MenuItem value="">{t('inventory.movement.unitFirst')}</MenuItem> : null}
                {offered.map((u) => (
                  <MenuItem key={u} value={u}>
                    {t(`inventory.units.${u}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {type === 'receipt' || type === 'return' ? (
              <TextField
                label={t('inventory.movement.unitCost')}
                value={unitCost}
                onChange={(e) => {
                  setUnitCost(e.target.value);
                  clearError('unitCost');
                }}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: {
                    ...(currency
                      ? { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> }
                      : {}),
                    ...(costUnit
                      ? {
                          endAdornment: (
                            <InputAdornment position="end">
                              {t(`inventory.costPer.${costUnit}`)}
                            </InputAdornment>
                          ),
                        }
                      : {}),
                  },
                }}
                {...helper('unitCost', t('inventory.movement.unitCostHelp'))}
              />
            ) : null}
            {(type === 'receipt' || type === 'return') && stockUnit === 'mm' ? (
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
                  alignItems: 'start',
                }}
              >
                <TextField
                  label={t('inventory.movement.batch')}
                  value={batch}
                  onChange={(e) => {
                    setBatch(e.target.value);
                    clearError('batch');
                  }}
                  {...helper('batch', t('inventory.movement.batchHelp'))}
                />
                <TextField
                  label={t('inventory.movement.dateCode')}
                  type="month"
                  value={dateCode}
                  onChange={(e) => {
                    setDateCode(e.target.value);
                    clearError('dateCode');
                  }}
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...helper('dateCode', t('inventory.movement.dateCodeHelp'))}
                />
              </Box>
            ) : null}
            {type === 'adjustment' || type === 'scrap' ? (
              <TextField
                label={t('inventory.movement.reason')}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  clearError('reason');
                }}
                required
                {...helper('reason', t(`inventory.movement.reasonHelp.${type}`))}
              />
            ) : null}
            {type === 'receipt' || type === 'return' ? (
              <TextField
                label={t('inventory.movement.reference')}
                value={reference}
                onChange={(e) => {
                  setReference(e.target.value);
                  clearError('reference');
                }}
                {...helper('reference', t(`inventory.movement.referenceHelp.${type}`))}
              />
            ) : null}
            <TextField
              label={t('inventory.movement.notes')}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                clearError('notes');
              }}
              multiline
              minRows={2}
              {...helper('notes')}
            />
            {serverError ? (
              <Alert severity="error" role="alert">
                {serverError}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
          >
            {t(`inventory.movement.submit.${type}`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
