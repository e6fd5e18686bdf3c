import { formatPressure, type Hose, PSI_PER_BAR } from '@hosewright/domain';
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

/** '4000', '4000 psi' or '275 bar' typed alone: the lowest working pressure in psi. */
export function minPressureOf(text: string): number | undefined {
  const match = /^\s*(\d{2,6}(?:\.\d+)?)\s*(psi|bar)?\s*$/i.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  if (match[2]?.toLowerCase() === 'bar') return Math.round(value * PSI_PER_BAR);
  return match[1] && match[1].length >= 3 ? value : undefined;
}

/**
 * What the clerk typed, as the list API reads it: a dash such as -8 is the dash filter, a number such as
 * 4000 (or '4000 psi', '275 bar') the lowest working pressure, and the rest free text (part number, standard).
 */
export function readHoseSearch(input: string): { text: string; dash?: string; minPressurePsi?: number } {
  const words: string[] = [];
  let dash: string | undefined;
  let minPressurePsi: number | undefined;
  const tokens = input.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const inBar =
      /^\d{2,4}bar$/i.test(token) || (/^\d{2,4}$/.test(token) && tokens[i + 1]?.toLowerCase() === 'bar');
    if (/^-\d{1,2}$/.test(token)) dash = token;
    else if (inBar) {
      minPressurePsi = Math.round(Number.parseInt(token, 10) * PSI_PER_BAR);
      if (tokens[i + 1]?.toLowerCase() === 'bar') i++;
    } else if (/^\d{3,6}(psi)?$/i.test(token)) {
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
  const units = useUnits();
  const label = (hose: Hose) => hoseLabel(hose, units.pressure);
  const [input, setInput] = useState('');
  const text = useDebounced(input, 250);
  // A chosen hose shows its label in the box; searching that label would find nothing else.
  const minPressure = minPressureOf(text);
  const search = useHoseSearch((value && input === label(value)) || minPressure !== undefined ? '' : text);
  const options = (search.data ?? []).filter(
    (h) => minPressure === undefined || h.workingPressurePsi >= minPressure,
  );
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
