import { formatPressure, type Hose } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentListQuery } from '@/api/components';
import { useDebounced } from '@/lib/use-debounced';
import { useUnits } from '@/lib/use-units';
import { formatDash } from '../lib/format';

/** A hose as the picker shows it once chosen, its pressure in the reader's units. */
export function hoseLabel(
  hose: Hose,
  pressure: (psi: number) => string = (psi) => formatPressure(psi, 'imperial'),
): string {
  return `${hose.partNumber} · ${formatDash(hose.dash)} · ${hose.standard ?? hose.description} · ${pressure(hose.workingPressurePsi)}`;
}

/** Active hoses matching `text` read as a layline ("2SN -8", "1/2 4000", "275 bar"; `parseLayline`). */
function useHoseSearch(text: string) {
  return useQuery({
    ...componentListQuery('hose', 'all', { q: text.trim() || undefined, itemsPerPage: 50, active: 'true' }),
    select: (page) => page.items,
  });
}

/** Step 1: the hose, searched on the server by part number, dash, standard or working pressure. */
export function HoseStep({
  value,
  onChange,
  autoFocus,
}: {
  value: Hose | null;
  onChange: (hose: Hose | null) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const label = (hose: Hose) => hoseLabel(hose, units.pressure);
  const [input, setInput] = useState('');
  const text = useDebounced(input, 250);
  // A chosen hose shows its label in the box; searching that label would find nothing else.
  const search = useHoseSearch(value && input === label(value) ? '' : text);
  const options = search.data ?? [];
  return (
    <Autocomplete<Hose>
      value={value}
      onChange={(_, hose) => onChange(hose)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o._id === value._id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={search.isFetching}
      noOptionsText={t('assemblies.builder.noHoses')}
      autoHighlight
      renderOption={(props, hose) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography sx={{ fontWeight: 600 }}>{hose.partNumber}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDash(hose.dash)} · {hose.standard ?? hose.description} ·{' '}
              {units.pressure(hose.workingPressurePsi)}
              {hose.skive ? ` · ${t('assemblies.builder.skiveChip')}` : ''}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('assemblies.builder.hose')}
          placeholder={t('assemblies.builder.hosePlaceholder')}
          helperText={value?.skive ? t('assemblies.builder.hoseSkive') : t('assemblies.builder.hoseHelp')}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
