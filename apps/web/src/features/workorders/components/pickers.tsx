/**
 * The searches of the new work order form: a hose assembly to add as a line, and the kit to build. Each
 * searches on the server as the person types (the latest revisions, as the lists show them).
 */
import type { HoseAssemblyListItem, HoseKitListItem } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kitListQuery } from '@/api/kits';
import { PickerOption, AssemblyPicker as SharedAssemblyPicker } from '@/components/assembly-picker';
import { useDebounced } from '@/lib/use-debounced';
import type { PickedKit } from '../lib/form';

/** Picks a hose assembly to add; the box clears once one is chosen, ready for the next. */
export function AssemblyPicker({
  onPick,
  error,
}: {
  onPick: (assembly: HoseAssemblyListItem) => void;
  /** Shown under the box, in red (no line yet). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SharedAssemblyPicker
      onPick={onPick}
      label={t('workOrders.form.addAssembly')}
      placeholder={t('workOrders.form.addAssemblyPlaceholder')}
      noOptionsText={t('workOrders.form.noAssemblies')}
      error={error}
    />
  );
}

/** The kit to build: one chosen at a time, searched by part number, description or machine. */
export function KitPicker({
  value,
  onChange,
  error,
}: {
  value: PickedKit | null;
  onChange: (kit: PickedKit | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value?.title ?? '');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...kitListQuery({
      q: value && input === value.title ? undefined : text.trim() || undefined,
      itemsPerPage: 20,
    }),
    select: (page) => page.items,
    enabled: open,
  });
  type Option = { id: string; title: string; kit?: HoseKitListItem };
  const options: Option[] = (search.data ?? []).map((kit) => ({ id: kit._id, title: kit.title, kit }));
  const current: Option | null = value ? { id: value.id, title: value.title } : null;
  return (
    <Autocomplete<Option>
      value={current}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, picked) => onChange(picked ? { id: picked.id, title: picked.title } : null)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={search.isFetching}
      noOptionsText={t('workOrders.form.noKits')}
      autoHighlight
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const kit = o.kit;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <PickerOption
              title={o.title}
              detail={
                kit
                  ? [
                      kit.description,
                      kit.machine,
                      kit.customerName,
                      t('workOrders.form.kitLines', { count: kit.lineCount }),
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : ''
              }
            />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('workOrders.form.kit')}
          placeholder={t('workOrders.form.kitPlaceholder')}
          required
          error={Boolean(error)}
          helperText={error ?? t('workOrders.form.kitHelp')}
        />
      )}
    />
  );
}
