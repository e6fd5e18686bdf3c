/** The kit form's searches: a hose assembly and a component (the customer's is `@/components/customer-picker`). Each searches on the server. */
import type { Component, HoseAssemblyListItem } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery } from '@/api/components';
import { currenciesQuery } from '@/api/currencies';
import { PickerOption, AssemblyPicker as SharedAssemblyPicker } from '@/components/assembly-picker';
import { formatMoney } from '@/lib/format';
import { useDebounced } from '@/lib/use-debounced';

/** Picks a hose assembly to add; the box clears once one is chosen. */
export function AssemblyPicker({ onPick }: { onPick: (assembly: HoseAssemblyListItem) => void }) {
  const { t } = useTranslation();
  return (
    <SharedAssemblyPicker
      onPick={onPick}
      label={t('kits.editor.addAssembly')}
      placeholder={t('kits.editor.addAssemblyPlaceholder')}
      noOptionsText={t('kits.editor.noAssemblies')}
    />
  );
}

/** Picks a component (any kind) to add. */
export function ComponentPicker({ onPick }: { onPick: (component: Component) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...componentItemsQuery({ q: text.trim() || undefined, itemsPerPage: 20, active: 'true' }),
    select: (page) => page.items,
    enabled: open,
  });
  const baseCurrency = useQuery(currenciesQuery()).data?.baseCurrency;
  return (
    <Autocomplete<Component>
      value={null}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, component) => {
        if (component) {
          onPick(component);
          setInput('');
        }
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => setInput(reason === 'reset' ? '' : next)}
      options={search.data ?? []}
      filterOptions={(list) => list}
      getOptionLabel={(c) => c.partNumber}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={t('kits.editor.noComponents')}
      autoHighlight
      blurOnSelect
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        // Library costs are in the base currency.
        const cost =
          c.cost === null || c.cost === undefined
            ? ''
            : `${formatMoney(c.cost, baseCurrency)} / ${c.costUnit}`;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <PickerOption
              title={c.partNumber}
              detail={[c.brand, c.description, cost].filter(Boolean).join(' · ')}
            />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('kits.editor.addComponent')}
          placeholder={t('kits.editor.addComponentPlaceholder')}
        />
      )}
    />
  );
}
