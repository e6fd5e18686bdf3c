import type { Hose } from '@hosewright/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentListQuery } from '@/api/components';
import { useDebounced } from '@/lib/use-debounced';
import { formatDash, formatPsi } from '../lib/format';

/** A hose as the picker shows it once chosen. */
export function hoseLabel(hose: Hose): string {
  return `${hose.partNumber} · ${formatDash(hose.dash)} · ${hose.standard ?? hose.description} · ${formatPsi(hose.workingPressurePsi)}`;
}

/**
 * What the clerk typed, as the list API reads it: a dash such as -8 is the dash filter, a number such as
 * 4000 (or '4000 psi') the lowest working pressure, and the rest free text (part number, standard).
 */
export function readHoseSearch(input: string): { text: string; dash?: string; minPressurePsi?: number } {
  const words: string[] = [];
  let dash: string | undefined;
  let minPressurePsi: number | undefined;
  const tokens = input.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (/^-\d{1,2}$/.test(token)) dash = token;
    else if (/^\d{3,6}(psi)?$/i.test(token)) {
      minPressurePsi = Number.parseInt(token, 10);
      if (tokens[i + 1]?.toLowerCase() === 'psi') i++;
    } else words.push(token);
  }
  return { text: words.join(' '), ...(dash ? { dash } : {}), ...(minPressurePsi ? { minPressurePsi } : {}) };
}

/** Active hoses whose part number, brand or description holds `text`. */
function useHoseSearch(text: string) {
  return useQuery({
    ...componentListQuery('hose', 'all', { q: text.trim() || undefined, itemsPerPage: 50, active: 'true' }),
    select: (page) => page.items,
  });
}

/** Step 1: the hose, searched on the server by part number, brand and description (standard inside). */
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
  const [input, setInput] = useState('');
  const text = useDebounced(input, 250);
  // A chosen hose shows its label in the box; searching that label would find nothing else.
  const search = useHoseSearch(value && input === hoseLabel(value) ? '' : text);
  const pressure = /^\s*(\d{3,6})\s*(psi)?\s*$/i.exec(text);
  const options = (search.data ?? []).filter((h) => !pressure || h.workingPressurePsi >= Number(pressure[1]));
  return (
    <Autocomplete<Hose>
      value={value}
      onChange={(_, hose) => onChange(hose)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o._id === value._id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={hoseLabel}
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
              {formatPsi(hose.workingPressurePsi)}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('assemblies.builder.hose')}
          placeholder={t('assemblies.builder.hosePlaceholder')}
          helperText={t('assemblies.builder.hoseHelp')}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
