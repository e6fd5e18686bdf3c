import type { Component, CostUnit, StockLevel } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery } from '@/api/components';
import { useDebounced } from '@/lib/use-debounced';

/** What a movement needs of an item: a stock line's `component`, or a component of the library. */
export type StockItem = StockLevel['component'];

export function stockItemOf(component: Component | StockItem): StockItem {
  return {
    _id: component._id,
    kind: component.kind,
    partNumber: component.partNumber,
    brand: component.brand,
    description: component.description,
    costUnit: component.costUnit as CostUnit,
  };
}

const detailOf = (item: StockItem) => [item.brand, item.description].filter(Boolean).join(' · ');

/**
 * An item of the library, searched on the server by part number, brand or description as the user types
 * (`componentItemsQuery`, active items only), like the kit editor's picker.
 */
export function ItemPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: StockItem | null;
  onChange: (item: StockItem | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value?.partNumber ?? '');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...componentItemsQuery({
      q: (value && input === value.partNumber ? '' : text).trim() || undefined,
      itemsPerPage: 20,
      active: 'true',
    }),
    select: (page) => page.items.map(stockItemOf),
    enabled: open,
  });
  const options = search.data ?? [];
  return (
    <Autocomplete<StockItem>
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, picked) => onChange(picked)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o._id === value._id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(item) => item.partNumber}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={t('inventory.movement.noItems')}
      disabled={disabled ?? false}
      autoHighlight
      renderOption={(props, item) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.partNumber}</Typography>
            {detailOf(item) ? (
              <Typography variant="body2" color="text.secondary">
                {detailOf(item)}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('inventory.movement.item')}
          placeholder={t('inventory.movement.itemPlaceholder')}
          required
          error={Boolean(error)}
          helperText={error ?? (value ? detailOf(value) : t('inventory.movement.itemHelp'))}
        />
      )}
    />
  );
}
