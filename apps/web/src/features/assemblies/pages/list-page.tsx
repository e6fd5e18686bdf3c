import {
  DASH_VALUES,
  END_TYPES,
  HOSE_ASSEMBLY_SORT_FIELDS,
  type HoseAssemblyListItem,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import BuildIcon from '@mui/icons-material/Build';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assemblyListQuery } from '@/api/assemblies';
import { customerQuery } from '@/api/customers';
import { CardList } from '@/components/data-grid/card-list';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import { gridStateToQuery, type UrlGridDefaults, useUrlGrid } from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { formatMoney, formatShortDate } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';
import { type Units, useUnits } from '@/lib/use-units';
import { useViewer } from '@/lib/use-viewer';
import { formatDash } from '../lib/format';

const DEFAULTS: UrlGridDefaults = { sort: 'createdAt', order: 'desc', sortFields: HOSE_ASSEMBLY_SORT_FIELDS };
const FILTER_KEYS = ['q', 'dash', 'endType', 'createdFrom', 'createdTo', 'customerId', 'hoseId'] as const;

function columnsOf(t: TFunction, units: Units): GridColDef<HoseAssemblyListItem>[] {
  return [
    {
      field: 'partNumber',
      headerName: t('assemblies.list.columns.title'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_, row) => row.title,
    },
    { field: 'description', headerName: t('assemblies.list.columns.description'), flex: 1.5, minWidth: 160 },
    { field: 'customerName', headerName: t('assemblies.list.columns.customerName'), flex: 1, minWidth: 130 },
    {
      field: 'dash',
      headerName: t('assemblies.list.columns.dash'),
      width: 100,
      valueFormatter: (v) => formatDash(v),
    },
    {
      field: 'ends',
      headerName: t('assemblies.list.columns.ends'),
      sortable: false,
      width: 160,
      valueGetter: (_, row) => `${row.endAType} / ${row.endBType}`,
    },
    {
      field: 'overallLengthMm',
      headerName: t('assemblies.list.columns.overallLengthMm'),
      width: 110,
      valueFormatter: (v) => units.length(v),
    },
    {
      field: 'workingPressurePsi',
      headerName: t('assemblies.list.columns.workingPressurePsi'),
      width: 120,
      valueFormatter: (v) => units.pressure(v),
    },
    {
      field: 'unitPrice',
      headerName: t('assemblies.list.columns.unitPrice'),
      sortable: false,
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v, row) => (v === null ? '' : formatMoney(v, row.currency)),
    },
    {
      field: 'createdAt',
      headerName: t('assemblies.list.columns.createdAt'),
      width: 130,
      valueFormatter: (v) => formatShortDate(v),
    },
  ];
}

/** `/hoseassemblies`: every assembly (latest revisions), paged, sorted and filtered on the server. */
export function ListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const grid = useUrlGrid(DEFAULTS);
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, grid.params.get(k) ?? undefined]));
  const list = useQuery(assemblyListQuery({ ...gridStateToQuery(grid.state), ...filters }));
  const units = useUnits();
  const columns = useMemo(() => columnsOf(t, units), [t, units]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = FILTER_KEYS.some((k) => grid.params.get(k));
  const isEmpty = !list.isPending && !list.isPlaceholderData && !list.isError && total === 0;

  const customerId = grid.params.get('customerId') ?? '';
  const customer = useQuery(customerQuery(customerId));
  const { update } = grid;
  const [text, setText] = useSearchText(grid.params.get('q') ?? '', (next) =>
    update({ q: next || null }, { replace: true }),
  );

  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const build = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<AddIcon />} href="/hoseassemblies/new">
        {t('assemblies.list.build')}
      </Button>
      {isAdmin ? (
        <Button variant="outlined" startIcon={<UploadFileIcon />} href="/hoseassemblies/import">
          {t('assemblies.list.import')}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t('assemblies.list.title')} icon={<BuildIcon />} actions={build} />
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr 1fr' },
          '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        }}
      >
        <TextField
          size="small"
          type="search"
          label={t('assemblies.list.search')}
          placeholder={t('assemblies.list.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <TextField
          select
          size="small"
          label={t('assemblies.list.dash')}
          value={grid.params.get('dash') ?? ''}
          onChange={(e) => update({ dash: e.target.value || null })}
        >
          <MenuItem value="">{t('assemblies.list.anyDash')}</MenuItem>
          {DASH_VALUES.map((d) => (
            <MenuItem key={d} value={String(d)}>
              {formatDash(d)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('assemblies.list.endType')}
          value={grid.params.get('endType') ?? ''}
          onChange={(e) => update({ endType: e.target.value || null })}
        >
          <MenuItem value="">{t('assemblies.list.anyEndType')}</MenuItem>
          {END_TYPES.map((e) => (
            <MenuItem key={e.code} value={e.code}>
              {e.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('assemblies.list.createdFrom')}
          value={grid.params.get('createdFrom') ?? ''}
          onChange={(e) => update({ createdFrom: e.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('assemblies.list.createdTo')}
          value={grid.params.get('createdTo') ?? ''}
          onChange={(e) => update({ createdTo: e.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {customerId ? (
        <Box>
          <Chip
            label={t('assemblies.list.forCustomer', { name: customer.data?.name ?? '…' })}
            onDelete={() => update({ customerId: null })}
          />
        </Box>
      ) : null}
      {list.isError ? <Alert severity="error">{t('assemblies.list.failed')}</Alert> : null}
      {isEmpty ? (
        <EmptyState
          icon={<BuildIcon />}
          title={isFiltered ? t('assemblies.list.noMatch') : t('assemblies.list.empty')}
          text={isFiltered ? t('assemblies.list.noMatchHelp') : t('assemblies.list.emptyHelp')}
        >
          {isFiltered ? (
            <Button
              variant="contained"
              onClick={() => {
                setText('');
                update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));
              }}
            >
              {t('assemblies.list.clearFilters')}
            </Button>
          ) : (
            build
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<HoseAssemblyListItem>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('assemblies.list.title')}
          sortOptions={HOSE_ASSEMBLY_SORT_FIELDS.map((field) => ({
            field,
            label: t(`assemblies.list.columns.${field === 'partNumber' ? 'title' : field}`),
          }))}
          getRowId={(row) => row._id}
          href={(row) => `/hoseassembly/${row._id}`}
          card={(row) => ({
            title: row.title,
            description: row.description,
            details: [
              row.hosePartNumber,
              formatDash(row.dash),
              `${row.endAType} / ${row.endBType}`,
              units.length(row.overallLengthMm),
              units.pressure(row.workingPressurePsi),
              row.unitPrice === null ? '' : formatMoney(row.unitPrice, row.currency),
            ]
              .filter(Boolean)
              .join(' · '),
            footer: row.customerName ? (
              <Typography variant="body2" color="text.secondary">
                {row.customerName}
              </Typography>
            ) : null,
          })}
        />
      ) : (
        <UrlDataGrid<HoseAssemblyListItem>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('assemblies.list.title')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(`/hoseassembly/${row._id}`)}
        />
      )}
    </Stack>
  );
}
