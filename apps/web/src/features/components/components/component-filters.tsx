import { ANGLES, type ComponentKind, DASH_SIZES, END_TYPES, GENDERS } from '@hosewright/domain';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { couplingSeriesQuery } from '@/api/components';
import type { QueryPatch } from '@/components/data-grid/url-state';
import { useSearchText } from '@/lib/use-search-text';
import { formatAngle, formatDash, formatGender } from '../lib/format';
import { FILTER_KEYS, type FilterKey, KIND_FILTERS, splitList } from '../lib/list-query';

interface Option {
  value: string;
  label: string;
}

function multiOptions(key: FilterKey, t: TFunction): Option[] {
  switch (key) {
    case 'dash':
      return DASH_SIZES.map((d) => ({ value: String(d.dash), label: formatDash(d.dash) }));
    case 'endType':
      return END_TYPES.map((e) => ({ value: e.code, label: e.label }));
    case 'gender':
      return GENDERS.map((g) => ({ value: g, label: formatGender(t, g) }));
    case 'angle':
      return ANGLES.map((a) => ({ value: String(a), label: formatAngle(t, a) }));
    default:
      return [];
  }
}

export interface ComponentFiltersProps {
  kind: ComponentKind;
  params: URLSearchParams;
  update: (patch: QueryPatch, options?: { replace?: boolean }) => void;
}

/**
 * Free-text search and the kind's attribute filters. Everything is written to the URL (the list reads it
 * from there), so the browser's back button, a reload and a shared link all keep the view.
 */
export function ComponentFilters({ kind, params, update }: ComponentFiltersProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const keys = KIND_FILTERS[kind];
  const activeCount = keys.filter((key) => (params.get(key) ?? '') !== '').length;
  const hasAny = FILTER_KEYS.some((key) => (params.get(key) ?? '') !== '');

  const clear = () => {
    const patch: QueryPatch = {};
    for (const key of FILTER_KEYS) patch[key] = null;
    update(patch);
  };

  const controls = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {keys.map((key) => (
        <FilterControl key={key} filter={key} params={params} update={update} />
      ))}
    </Box>
  );

  return (
    <Box component="section" aria-label={t('components.list.filters')} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchBox value={params.get('q') ?? ''} onSearch={(q) => update({ q }, { replace: true })} />
        {isXs ? (
          <Button
            variant="outlined"
            onClick={() => setOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-controls={panelId}
            startIcon={
              <Badge badgeContent={activeCount} color="primary">
                <FilterListIcon />
              </Badge>
            }
          >
            {t('components.list.filters')}
          </Button>
        ) : null}
        {hasAny ? (
          <Button onClick={clear} sx={{ whiteSpace: 'nowrap' }}>
            {t('components.list.clearFilters')}
          </Button>
        ) : null}
      </Box>
      {isXs ? (
        <Collapse in={isOpen} id={panelId}>
          {controls}
        </Collapse>
      ) : (
        controls
      )}
    </Box>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useSearchText(value, onSearch);

  return (
    <TextField
      type="search"
      size="small"
      label={t('components.list.search')}
      placeholder={t('components.list.searchPlaceholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: '1 1 240px', minWidth: 0, maxWidth: { sm: 420 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function FilterControl({
  filter,
  params,
  update,
}: {
  filter: FilterKey;
  params: URLSearchParams;
  update: ComponentFiltersProps['update'];
}) {
  const { t } = useTranslation();
  const label = t(`components.filters.${filter as Exclude<FilterKey, 'q'>}`);
  const raw = params.get(filter) ?? '';

  if (filter === 'active' || filter === 'skive') {
    const options =
      filter === 'active'
        ? [
            { value: 'true', label: t('components.list.activeOnly') },
            { value: 'false', label: t('components.list.inactiveOnly') },
          ]
        : [
            { value: 'true', label: t('components.list.skiveYes') },
            { value: 'false', label: t('components.list.skiveNo') },
          ];
    return (
      <TextField
        select
        size="small"
        label={label}
        value={raw === 'true' || raw === 'false' ? raw : ''}
        onChange={(event) => update({ [filter]: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('components.list.any')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (filter === 'brand' || filter === 'series' || filter === 'productGroup' || filter === 'supplier') {
    return <FreeListFilter filter={filter} label={label} value={splitList(raw)} update={update} />;
  }

  return <MultiSelectFilter filter={filter} label={label} value={splitList(raw)} update={update} />;
}

function MultiSelectFilter({
  filter,
  label,
  value,
  update,
}: {
  filter: FilterKey;
  label: string;
  value: string[];
  update: ComponentFiltersProps['update'];
}) {
  const { t } = useTranslation();
  const options = multiOptions(filter, t);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        const list = Array.isArray(next) ? next : splitList(next);
        // Keep the options' order in the URL, so the same selection is always the same link.
        const ordered = options.map((o) => o.value).filter((v) => list.includes(v));
        update({ [filter]: ordered.join(',') });
      }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as unknown as string[];
            if (list.length === 0) return t('components.list.any');
            return (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {list.map((v) => (
                  <Chip key={v} size="small" label={labelOf(v)} />
                ))}
              </Box>
            );
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Brand and series: pick from the coupling series the library knows, or type any value. */
function FreeListFilter({
  filter,
  label,
  value,
  update,
}: {
  filter: 'brand' | 'series' | 'productGroup' | 'supplier';
  label: string;
  value: string[];
  update: ComponentFiltersProps['update'];
}) {
  const { t } = useTranslation();
  const series = useQuery(couplingSeriesQuery());
  const options = useMemo(() => {
    const list = series.data ?? [];
    const values =
      filter === 'brand'
        ? list.map((s) => s.brand.trim())
        : filter === 'series'
          ? list.map((s) => s.code.trim())
          : [];
    return [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));
  }, [series.data, filter]);
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={options}
      value={value}
      onChange={(_event, next) =>
        update({
          [filter]: next
            .map((v) => v.trim())
            .filter(Boolean)
            .join(','),
        })
      }
      renderInput={(inputProps) => (
        <TextField
          {...inputProps}
          label={label}
          placeholder={value.length === 0 ? t('components.list.any') : undefined}
          InputLabelProps={{ ...inputProps.InputLabelProps, shrink: true }}
        />
      )}
    />
  );
}
