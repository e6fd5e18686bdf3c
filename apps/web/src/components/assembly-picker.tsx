/**
 * A search box that picks a hose assembly (the latest revisions, searched on the server as the person types)
 * and clears once one is chosen, ready for the next: the kit editor and the new work order form add lines
 * with it. `PickerOption` is how such a box shows an option: a title and a line of detail.
 */
import type { HoseAssemblyListItem } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { assemblyListQuery } from '@/api/assemblies';
import { useDebounced } from '@/lib/use-debounced';

export function PickerOption({ title, detail }: { title: string; detail: string }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </>
  );
}

export interface AssemblyPickerProps {
  onPick: (assembly: HoseAssemblyListItem) => void;
  label: string;
  placeholder: string;
  noOptionsText: string;
  /** Shown under the box, in red. */
  error?: string | undefined;
}

export function AssemblyPicker({ onPick, label, placeholder, noOptionsText, error }: AssemblyPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...assemblyListQuery({ q: text.trim() || undefined, itemsPerPage: 20 }),
    select: (page) => page.items,
    enabled: open,
  });
  return (
    <Autocomplete<HoseAssemblyListItem>
      value={null}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, assembly) => {
        if (assembly) {
          onPick(assembly);
          setInput('');
        }
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => setInput(reason === 'reset' ? '' : next)}
      options={search.data ?? []}
      filterOptions={(list) => list}
      getOptionLabel={(a) => a.title}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={noOptionsText}
      autoHighlight
      blurOnSelect
      renderOption={(props, a) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <PickerOption
              title={a.title}
              detail={[a.description, a.customerName].filter(Boolean).join(' · ')}
            />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
