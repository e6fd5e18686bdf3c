import type { Warehouse } from '@hosewright/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { activeWarehousesQuery } from '@/api/warehouses';

/** Where stock is: a warehouse ('' for none chosen yet, or all of them) and one of its locations or none. */
export interface WarehousePlace {
  warehouseId: string;
  locationId: string | null;
}

export interface WarehousePickerProps {
  value: WarehousePlace;
  onChange: (place: WarehousePlace) => void;
  /** Offer the warehouse's locations too (a second select). */
  withLocation?: boolean;
  /** Offer "All warehouses" ('' as the id), for a filter; otherwise an empty value takes the default. */
  allowAll?: boolean;
  /** The warehouse select's label ('Warehouse', 'From warehouse'). */
  label?: string;
  locationLabel?: string;
  /** Shown under the warehouse select, in red. */
  error?: string | undefined;
  locationError?: string | undefined;
  size?: 'small' | 'medium';
  disabled?: boolean;
}

/** `code · name` of a warehouse or location, as a pick list shows it. */
export function placeLabel(item: { code: string; name: string }): string {
  return item.name && item.name !== item.code ? `${item.code} · ${item.name}` : item.code;
}

/**
 * A warehouse select of the active warehouses (`activeWarehousesQuery`), and optionally a select of that
 * warehouse's locations ("No location" keeps stock in the warehouse as a whole). With nothing chosen the
 * organisation's default warehouse (`isDefault`) is chosen, unless "All warehouses" is offered.
 */
export function WarehousePicker({
  value,
  onChange,
  withLocation = false,
  allowAll = false,
  label,
  locationLabel,
  error,
  locationError,
  size = 'medium',
  disabled = false,
}: WarehousePickerProps) {
  const { t } = useTranslation();
  const ids = useId();
  const warehouses = useQuery(activeWarehousesQuery());
  const list: Warehouse[] = warehouses.data ?? [];
  const selected = list.find((w) => w._id === value.warehouseId);
  const fallback = list.find((w) => w.isDefault) ?? list[0];

  // Nothing chosen: the default warehouse.
  useEffect(() => {
    if (!allowAll && value.warehouseId === '' && fallback) {
      onChange({ warehouseId: fallback._id, locationId: null });
    }
  }, [allowAll, value.warehouseId, fallback, onChange]);

  // A warehouse named in a link but not (or no longer) active still shows, by its id, rather than blank.
  const known = value.warehouseId === '' || selected !== undefined || warehouses.isPending;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: withLocation ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
        },
      }}
    >
      <TextField
        id={`${ids}-warehouse`}
        select
        size={size}
        disabled={disabled}
        label={label ?? t('inventory.picker.warehouse')}
        value={warehouses.isPending && value.warehouseId !== '' ? '' : value.warehouseId}
        onChange={(e) => onChange({ warehouseId: e.target.value, locationId: null })}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ select: { displayEmpty: allowAll }, inputLabel: { shrink: true } }}
      >
        {allowAll ? <MenuItem value="">{t('inventory.picker.allWarehouses')}</MenuItem> : null}
        {known ? null : <MenuItem value={value.warehouseId}>{t('inventory.picker.otherWarehouse')}</MenuItem>}
        {list.map((w) => (
          <MenuItem key={w._id} value={w._id}>
            {placeLabel(w)}
            {w.isDefault ? ` (${t('inventory.picker.default')})` : ''}
          </MenuItem>
        ))}
        {!allowAll && list.length === 0 ? (
          <MenuItem value="" disabled>
            {warehouses.isPending ? t('common.loading') : t('inventory.picker.none')}
          </MenuItem>
        ) : null}
      </TextField>
      {withLocation ? (
        <TextField
          id={`${ids}-location`}
          select
          size={size}
          disabled={disabled || !selected || selected.locations.length === 0}
          label={locationLabel ?? t('inventory.picker.location')}
          value={warehouses.isPending ? '' : (value.locationId ?? '')}
          onChange={(e) => onChange({ warehouseId: value.warehouseId, locationId: e.target.value || null })}
          error={Boolean(locationError)}
          helperText={locationError}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('inventory.picker.noLocation')}</MenuItem>
          {(selected?.locations ?? []).map((l) => (
            <MenuItem key={l._id} value={l._id}>
              {placeLabel(l)}
            </MenuItem>
          ))}
          {!warehouses.isPending &&
          value.locationId &&
          !selected?.locations.some((l) => l._id === value.locationId) ? (
            <MenuItem value={value.locationId}>{t('inventory.picker.otherLocation')}</MenuItem>
          ) : null}
        </TextField>
      ) : null}
    </Box>
  );
}
