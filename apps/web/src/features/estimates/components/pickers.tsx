/**
 * The searches of the lines editor: a kit and a component to add as a line (the assembly's is the shared
 * `AssemblyPicker`). Each searches on the server as the person types and clears once one is chosen.
 */
import type { Component, HoseKitListItem } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentItemsQuery } from '@/api/components';
import { kitListQuery } from '@/api/kits';
import { PickerOption } from '@/components/assembly-picker';
import { useDebounced } from '@/lib/use-debounced';

/** An add-and-clear search box over one list: what the options are and how each reads. */
function AddPicker<T extends { _id: string }>({
  label,
  placeholder,
  noOptionsText,
  options,
  isLoading,
  input,
  onInput,
  onOpen,
  open,
  onClose,
  onPick,
  title,
  detail,
}: {
  label: string;
  placeholder: string;
  noOptionsText: string;
  options: readonly T[];
  isLoading: boolean;
  input: string;
  onInput: (text: string) => void;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onPick: (item: T) => void;
  title: (item: T) => string;
  detail: (item: T) => ReactNode;
}) {
  return (
    <Autocomplete<T>
      value={null}
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      onChange={(_, item) => {
        if (item) {
          onPick(item);
          onInput('');
        }
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => onInput(reason === 'reset' ? '' : next)}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={title}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isLoading}
      noOptionsText={noOptionsText}
      autoHighlight
      blurOnSelect
      renderOption={(props, item) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <PickerOption title={title(item)} detail={String(detail(item) ?? '')} />
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}

/** Picks a kit (latest revisions), searched by part number, description or machine. */
export function KitAddPicker({ onPick }: { onPick: (kit: HoseKitListItem) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...kitListQuery({ q: text.trim() || undefined, itemsPerPage: 20 }),
    select: (page) => page.items,
    enabled: open,
  });
  return (
    <AddPicker<HoseKitListItem>
      label={t('estimates.lines.addKit')}
      placeholder={t('estimates.lines.addKitPlaceholder')}
      noOptionsText={t('estimates.lines.noKits')}
      options={search.data ?? []}
      isLoading={search.isFetching}
      input={input}
      onInput={setInput}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onPick={onPick}
      title={(kit) => kit.title}
      detail={(kit) => [kit.description, kit.machine, kit.customerName].filter(Boolean).join(' · ')}
    />
  );
}

/** Picks an active component (any kind; one of kind otherItem makes an other-item line). */
export function ComponentAddPicker({ onPick }: { onPick: (component: Component) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...componentItemsQuery({ q: text.trim() || undefined, itemsPerPage: 20, active: 'true' }),
    select: (page) => page.items,
    enabled: open,
  });
  return (
    <AddPicker<Component>
      label={t('estimates.lines.addComponent')}
      placeholder={t('estimates.lines.addComponentPlaceholder')}
      noOptionsText={t('estimates.lines.noComponents')}
      options={search.data ?? []}
      isLoading={search.isFetching}
      input={input}
      onInput={setInput}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onPick={onPick}
      title={(c) => c.partNumber}
      detail={(c) => [c.brand, c.description].filter(Boolean).join(' · ')}
    />
  );
}
