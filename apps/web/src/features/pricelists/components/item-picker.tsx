/**
 * Picks what a price list prices: a component (any kind), a hose assembly (the shared assembly picker) or a
 * hose kit, each searched on the server as the person types. The box clears once one is chosen.
 */
import type { PriceListItemType } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery } from '@/api/components';
import { kitListQuery } from '@/api/kits';
import { AssemblyPicker, PickerOption } from '@/components/assembly-picker';
import { useDebounced } from '@/lib/use-debounced';

export interface PickedItem {
  itemType: PriceListItemType;
  itemId: string;
  partNumber: string;
  description: string;
}

interface Option extends PickedItem {
  detail: string;
}

/** A search of components or kits: the options a query answers for the text typed. */
function SearchBox({
  itemType,
  onPick,
  error,
}: {
  itemType: 'component' | 'kit';
  onPick: (item: PickedItem) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250).trim() || undefined;
  const components = useQuery({
    ...componentItemsQuery({ q: text, itemsPerPage: 20, active: 'true' }),
    enabled: open && itemType === 'component',
  });
  const kits = useQuery({
    ...kitListQuery({ q: text, itemsPerPage: 20 }),
    enabled: open && itemType === 'kit',
  });
  const options: Option[] =
    itemType === 'component'
      ? (components.data?.items ?? []).map((c) => ({
          itemType,
          itemId: c._id,
          partNumber: c.partNumber,
          description: c.description,
          detail: [c.brand, c.description].filter(Boolean).join(' · '),
        }))
      : (kits.data?.items ?? []).map((k) => ({
          itemType,
          itemId: k._id,
          partNumber: k.title,
          description: k.description,
          detail: [k.description, k.machine, k.customerName].filter(Boolean).join(' · '),
        }));
  const isKit = itemType === 'kit';
  return (
    <Autocomplete<Option>
      value={null}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, picked) => {
        if (picked) {
          onPick({
            itemType: picked.itemType,
            itemId: picked.itemId,
            partNumber: picked.partNumber,
            description: picked.description,
          });
          setInput('');
        }
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => setInput(reason === 'reset' ? '' : next)}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(o) => o.partNumber}
      isOptionEqualToValue={(a, b) => a.itemId === b.itemId}
      loading={isKit ? kits.isFetching : components.isFetching}
      noOptionsText={t('priceLists.edit.noMatches')}
      autoHighlight
      blurOnSelect
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <PickerOption title={o.partNumber} detail={o.detail} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={isKit ? t('priceLists.edit.pickKit') : t('priceLists.edit.pickComponent')}
          placeholder={isKit ? t('priceLists.edit.pickKitHint') : t('priceLists.edit.pickComponentHint')}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

export function ItemPicker({
  onPick,
  error,
}: {
  onPick: (item: PickedItem) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [itemType, setItemType] = useState<PriceListItemType>('component');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        label={t('priceLists.edit.itemType')}
        value={itemType}
        onChange={(e) => setItemType(e.target.value as PriceListItemType)}
      >
        {(['component', 'assembly', 'kit'] as const).map((type) => (
          <MenuItem key={type} value={type}>
            {t(`priceLists.detail.itemTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {itemType === 'assembly' ? (
        <AssemblyPicker
          label={t('priceLists.edit.pickAssembly')}
          placeholder={t('priceLists.edit.pickAssemblyHint')}
          noOptionsText={t('priceLists.edit.noMatches')}
          error={error}
          onPick={(a) =>
            onPick({ itemType: 'assembly', itemId: a._id, partNumber: a.title, description: a.description })
          }
        />
      ) : (
        <SearchBox key={itemType} itemType={itemType} onPick={onPick} error={error} />
      )}
    </Box>
  );
}
