import {
  type Adaptor,
  type CompatiblePartsAnswer,
  type CrimpFitting,
  formatPressure,
  type LaylinePart,
  matchesLayline,
  parseLayline,
} from '@hosewright/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUnits } from '@/lib/use-units';
import type { EndState } from '../lib/builder-state';
import { endLabel, endTypeLabel } from '../lib/format';

type Match = CompatiblePartsAnswer['fittings'][number];

const EXCLUDED_SHOWN = 40;

export function fittingLabel(
  f: CrimpFitting,
  pressure: (psi: number) => string = (psi) => formatPressure(psi, 'imperial'),
): string {
  return `${f.partNumber} · ${endLabel(f)} · ${pressure(f.workingPressurePsi)}`;
}

/**
 * The filter of a picker holding every option (the compatible fittings, the adaptors, the wraps): a typed
 * text keeps the options whose label holds it, as a picker does, and those matching it read as a layline
 * ("2SN -8", "1/2", "4500"), by the rules the server's lists apply (`matchesLayline`). `seriesDescription`
 * is the options' coupling series, so that "2SN" finds the fittings made for 2SN hose.
 */
export function laylineFilter<T>(part: (option: T) => LaylinePart, seriesDescription?: string) {
  const byLabel = createFilterOptions<T>();
  return (options: T[], state: Parameters<typeof byLabel>[1]): T[] => {
    const terms = parseLayline(state.inputValue);
    if (terms.length === 0) return options;
    const labelled = new Set(byLabel(options, state));
    return options.filter((o) => labelled.has(o) || matchesLayline(terms, part(o), seriesDescription));
  };
}

/**
 * Step 2, one end: a crimp fitting from the compatible ones only (`matchParts`); the ferrule follows the
 * fitting; an optional adaptor. Fittings that do not fit are listed below with the reason, never offered.
 */
export function EndStep({
  name,
  end,
  compatible,
  adaptors,
  onChange,
}: {
  name: 'A' | 'B';
  end: EndState;
  compatible: CompatiblePartsAnswer;
  adaptors: readonly Adaptor[];
  onChange: (end: EndState) => void;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const offered = compatible.fittings.filter((f) => f.compatible);
  const excluded = compatible.fittings.filter((f) => !f.compatible);
  const chosen = offered.find((f) => f.item._id === end.fittingId) ?? null;
  const adaptor = adaptors.find((a) => a._id === end.adaptorId) ?? null;
  const ferrule =
    compatible.ferrules.find((f) => f.item._id === end.ferruleId)?.item ??
    (chosen?.ferrule?._id === end.ferruleId ? chosen.ferrule : null);
  const label = t('assemblies.builder.endLabel', { name });

  return (
    <Stack spacing={1.5}>
      <Autocomplete<Match>
        value={chosen}
        onChange={(_, match) =>
          onChange({
            ...end,
            fittingId: match?.item._id ?? '',
            // A two-piece fitting is crimped with the ferrule of its series, chosen for the clerk.
            ferruleId: match && match.item.pieces === 2 ? (match.ferrule?._id ?? '') : '',
          })
        }
        options={offered}
        filterOptions={laylineFilter<Match>((m) => m.item, compatible.series?.description)}
        groupBy={(m) => endTypeLabel(m.item.endType)}
        getOptionLabel={(m) => fittingLabel(m.item, units.pressure)}
        isOptionEqualToValue={(a, b) => a.item._id === b.item._id}
        noOptionsText={t('assemblies.builder.noFittings')}
        autoHighlight
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('assemblies.builder.fitting', { name })}
            placeholder={t('assemblies.builder.fittingPlaceholder')}
          />
        )}
      />
      {chosen ? (
        <Typography variant="body2" color="text.secondary" data-testid={`ferrule-${name}`}>
          {chosen.item.pieces === 2
            ? ferrule
              ? t('assemblies.builder.ferruleChosen', { partNumber: ferrule.partNumber })
              : t('assemblies.builder.ferruleMissing')
            : t('assemblies.builder.onePiece')}
          {' · '}
          {t('assemblies.builder.cutoff', { length: units.length(chosen.item.cutoffMm) })}
        </Typography>
      ) : null}
      {chosen && chosen.item.pieces === 2 && !ferrule ? (
        <Alert severity="error">{t('assemblies.builder.ferruleMissingHelp')}</Alert>
      ) : null}
      <Autocomplete<Adaptor>
        value={adaptor}
        onChange={(_, next) => onChange({ ...end, adaptorId: next?._id ?? '' })}
        options={[...adaptors]}
        filterOptions={laylineFilter<Adaptor>((a) => a)}
        getOptionLabel={(a) => `${a.partNumber} · ${a.endA} → ${a.endB}${a.angle ? ` ${a.angle}°` : ''}`}
        isOptionEqualToValue={(a, b) => a._id === b._id}
        noOptionsText={t('assemblies.builder.noAdaptors')}
        renderInput={(params) => (
          <TextField {...params} size="small" label={t('assemblies.builder.adaptor', { name })} />
        )}
      />
      {excluded.length > 0 ? (
        <Accordion disableGutters variant="outlined" sx={{ '&:before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="body2">
              {t('assemblies.builder.excluded', { count: excluded.length, label })}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Box
              component="ul"
              sx={{ m: 0, pl: 2 }}
              aria-label={t('assemblies.builder.excludedList', { label })}
            >
              {excluded.slice(0, EXCLUDED_SHOWN).map((m) => (
                <li key={m.item._id}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {m.item.partNumber}
                  </Typography>
                  <Typography variant="body2" component="span" color="text.secondary">
                    {': '}
                    {m.exclusions.map((e) => e.message).join('; ')}
                  </Typography>
                </li>
              ))}
            </Box>
            {excluded.length > EXCLUDED_SHOWN ? (
              <Typography variant="body2" color="text.secondary">
                {t('assemblies.builder.excludedMore', { count: excluded.length - EXCLUDED_SHOWN })}
              </Typography>
            ) : null}
          </AccordionDetails>
        </Accordion>
      ) : null}
    </Stack>
  );
}
