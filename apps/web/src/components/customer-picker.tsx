import type { Customer } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerSearchQuery } from '@/api/customers';
import { useDebounced } from '@/lib/use-debounced';

export interface PickedCustomer {
  id: string;
  name: string;
}

/**
 * An optional customer, searched on the server as the user types (`customerSearchQuery`): each option shows
 * the name with the account number and domain. The kit editor and the API key dialog use it.
 */
export function CustomerPicker({
  id,
  value,
  onChange,
  label,
  helperText,
  error,
  noOptionsText,
}: {
  id?: string;
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  label: string;
  helperText: string;
  /** Shown instead of the help, in red. */
  error?: string | undefined;
  noOptionsText: string;
}) {
  const [input, setInput] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({
    ...customerSearchQuery(value && input === value.name ? '' : text),
    enabled: open,
  });
  const options = (search.data ?? []).map((c: Customer) => ({
    id: c._id,
    name: c.name,
    detail: [c.accountNumber, c.domain].filter(Boolean).join(' · '),
  }));
  const current = value ? { ...value, detail: '' } : null;
  return (
    <Autocomplete
      {...(id ? { id } : {})}
      value={current}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, picked) => onChange(picked ? { id: picked.id, name: picked.name } : null)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={search.isFetching}
      noOptionsText={noOptionsText}
      autoHighlight
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
            {c.detail ? (
              <Typography variant="body2" color="text.secondary">
                {c.detail}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
