import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormErrors, type LocationDraft, newLocation } from '../lib/form';

export interface LocationsEditorProps {
  locations: LocationDraft[];
  errors: FormErrors;
  onChange: (locations: LocationDraft[]) => void;
}

/**
 * The warehouse's locations in pick order: a row is a code and a name. Rows move up and down with buttons
 * (no dragging needed, so it works by keyboard and on a phone); Enter in a row moves to the next row's code
 * and, in the last filled row, adds a new one.
 */
export function LocationsEditor({ locations, errors, onChange }: LocationsEditorProps) {
  const { t } = useTranslation();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);

  useEffect(() => {
    if (focusKey === null) return;
    inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const update = (index: number, part: 'code' | 'name', value: string) =>
    onChange(locations.map((l, i) => (i === index ? { ...l, [part]: value } : l)));

  const add = () => {
    const row = newLocation();
    onChange([...locations, row]);
    setFocusKey(row.key);
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= locations.length) return;
    const next = [...locations];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(to, 0, row);
    onChange(next);
  };

  const remove = (index: number) => {
    const next = locations.filter((_, i) => i !== index);
    onChange(next);
    // Keep the keyboard in the list: the row that took its place, else the one before.
    const neighbour = next[index] ?? next[index - 1];
    if (neighbour) setFocusKey(neighbour.key);
  };

  const onEnter = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    // Enter here never submits the form half-typed.
    event.preventDefault();
    const following = locations[index + 1];
    if (following) setFocusKey(following.key);
    else if (locations[index]?.code.trim()) add();
  };

  /** The first message of these paths (a location the server no longer has, `_id`, is told on its code). */
  const err = (...paths: string[]) => {
    const message = paths.map((path) => errors[path]).find(Boolean);
    return message ? { error: true, helperText: message } : {};
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('warehouses.form.locationsHelp')}
      </Typography>
      {locations.length === 0 ? (
        <Typography color="text.secondary">{t('warehouses.form.noLocations')}</Typography>
      ) : null}
      {locations.map((location, index) => {
        const number = index + 1;
        return (
          <Box
            key={location.key}
            role="group"
            aria-label={t('warehouses.form.locationNumber', { number })}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr) auto',
                sm: 'minmax(0, 1fr) minmax(0, 2fr) auto',
              },
            }}
          >
            <TextField
              size="small"
              label={t('warehouses.fields.locationCode')}
              value={location.code}
              onChange={(e) => update(index, 'code', e.target.value)}
              onKeyDown={onEnter(index)}
              required
              autoComplete="off"
              inputRef={(element: HTMLInputElement | null) => {
                if (element) inputs.current.set(location.key, element);
                else inputs.current.delete(location.key);
              }}
              {...err(`locations.${index}.code`, `locations.${index}._id`)}
            />
            <TextField
              size="small"
              label={t('warehouses.fields.locationName')}
              value={location.name}
              onChange={(e) => update(index, 'name', e.target.value)}
              onKeyDown={onEnter(index)}
              autoComplete="off"
              sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              {...err(`locations.${index}.name`)}
            />
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gridRow: { xs: '1 / span 2', sm: 'auto' },
                gridColumn: { xs: 2, sm: 'auto' },
              }}
            >
              <IconButton
                size="small"
                aria-label={t('warehouses.form.moveUp', { number })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('warehouses.form.moveDown', { number })}
                disabled={index === locations.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('warehouses.form.removeLocation', { number })}
                onClick={() => remove(index)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        );
      })}
      {errors.locations ? (
        <Typography color="error" variant="body2" role="alert">
          {errors.locations}
        </Typography>
      ) : null}
      <Box>
        <Button startIcon={<AddIcon />} onClick={add}>
          {t('warehouses.form.addLocation')}
        </Button>
      </Box>
    </Stack>
  );
}
