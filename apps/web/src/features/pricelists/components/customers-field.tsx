/**
 * The customers a price list prices: chosen one by one from a search on the server as the person types
 * (`customerSearchQuery`, as the customer picker does), shown as chips that can be removed.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSearchQuery } from '@/api/customers';
import { useDebounced } from '@/lib/use-debounced';

export interface ListCustomer {
  _id: string;
  name: string;
  detail?: string;
}

export function CustomersField({
  value,
  onChange,
  error,
}: {
  value: ListCustomer[];
  onChange: (customers: ListCustomer[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const text = useDebounced(input, 250);
  const search = useQuery({ ...customerSearchQuery(text), enabled: open });
  const options: ListCustomer[] = (search.data ?? []).map((c) => ({
    _id: c._id,
    name: c.name,
    detail: [c.accountNumber, c.domain].filter(Boolean).join(' · '),
  }));
  return (
    <Autocomplete<ListCustomer, true>
      multiple
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_, picked) => onChange(picked.map(({ _id, name }) => ({ _id, name })))}
      inputValue={input}
      onInputChange={(_, next, reason) => setInput(reason === 'reset' ? '' : next)}
      options={options}
      filterOptions={(list) => list}
      filterSelectedOptions
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={t('priceLists.form.customersNone')}
      autoHighlight
      renderValue={(chosen, getItemProps) =>
        chosen.map((c, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} {...rest} size="small" label={c.name} />;
        })
      }
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
        <TextField
          {...params}
          label={t('priceLists.fields.customers')}
          placeholder={t('priceLists.form.customersSearch')}
          error={Boolean(error)}
          helperText={error ?? t('priceLists.fields.customersHelp')}
        />
      )}
    />
  );
}
