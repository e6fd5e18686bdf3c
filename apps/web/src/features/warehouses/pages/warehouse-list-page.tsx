import { WAREHOUSE_SORT_FIELDS, type Warehouse } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currenciesQuery } from '@/api/currencies';
import { warehouseListQuery } from '@/api/warehouses';
import { CardList } from '@/components/data-grid/card-list';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import {
  gridStateToQuery,
  type UrlGrid,
  type UrlGridDefaults,
  useUrlGrid,
} from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { formatMoney, formatNumber } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';
import { useViewer } from '@/lib/use-viewer';
import { KindIcon } from '../components/kind-icon';

export const WAREHOUSE_LIST_DEFAULTS: UrlGridDefaults = { sort: 'code', sortFields: WAREHOUSE_SORT_FIELDS };

/** The chips beside a warehouse's name: the default one, and one not in use. */
function Badges({ warehouse, t }: { warehouse: Warehouse; t: TFunction }) {
  return (
    <>
      {warehouse.isDefault ? (
        <Chip size="small" color="primary" variant="outlined" label={t('warehouses.isDefault')} />
      ) : null}
      {warehouse.active ? null : <Chip size="small" label={t('warehouses.inactive')} />}
    </>
  );
}

function columnsOf(t: TFunction, baseCurrency: string | undefined): GridColDef<Warehouse>[] {
  return [
    {
      field: 'kind',
      headerName: t('warehouses.fields.kind'),
      width: 80,
      align: 'center',
      headerAlign: 'center',
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
          <KindIcon kind={row.kind} labelled color="action" />
        </Box>
      ),
    },
    { field: 'code', headerName: t('warehouses.fields.code'), width: 130 },
    {
      field: 'name',
      headerName: t('warehouses.fields.name'),
      flex: 2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.name}
          </Box>
          <Badges warehouse={row} t={t} />
        </Box>
      ),
    },
    { field: 'region', headerName: t('warehouses.fields.region'), flex: 1, minWidth: 140 },
    {
      field: 'locations',
      headerName: t('warehouses.fields.locationCount'),
      sortable: false,
      type: 'number',
      width: 110,
      valueGetter: (_value, row) => row.locations.length,
      valueFormatter: (value: number) => formatNumber(value),
    },
    {
      field: 'stockLines',
      headerName: t('warehouses.fields.stockLines'),
      sortable: false,
      type: 'number',
      width: 110,
      valueFormatter: (value: number) => formatNumber(value),
    },
    {
      field: 'stockValue',
      headerName: t('warehouses.fields.stockValue'),
      sortable: false,
      type: 'number',
      width: 140,
      valueFormatter: (value: number) => formatMoney(value, baseCurrency),
    },
  ];
}

/**
 * `/warehouses` (members of a professional or enterprise organisation): the warehouses and vans with what
 * they hold, server-side paged, state in the URL.
 */
export function WarehouseListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const grid = useUrlGrid(WAREHOUSE_LIST_DEFAULTS);
  const q = grid.params.get('q') ?? '';
  const active = grid.params.get('active') ?? '';
  const list = useQuery(
    warehouseListQuery({
      ...gridStateToQuery(grid.state),
      ...(q ? { q } : {}),
      ...(active === 'true' || active === 'false' ? { active } : {}),
    }),
  );
  // Stock value is at cost, in the base currency.
  const baseCurrency = useQuery(currenciesQuery()).data?.baseCurrency;
  const columns = useMemo(() => columnsOf(t, baseCurrency), [t, baseCurrency]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = q !== '' || active !== '';
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;
  const open = (row: Warehouse) => `/warehouse/${encodeURIComponent(row._id)}`;

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} href="/warehouses/new">
      {t('warehouses.new')}
    </Button>
  );
  const importButton = isAdmin ? (
    <Button variant="outlined" startIcon={<UploadFileIcon />} href="/warehouses/import">
      {t('warehouses.import')}
    </Button>
  ) : null;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('warehouses.title')}
        icon={<WarehouseIcon />}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {newButton}
            {importButton}
          </Stack>
        }
      />
      <Filters grid={grid} q={q} active={active} />
      {list.isError ? (
        <LoadFailed
          message={t('warehouses.list.loadFailed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState
          icon={<WarehouseIcon />}
          title={isFiltered ? t('warehouses.list.noMatchTitle') : t('warehouses.list.emptyTitle')}
          text={isFiltered ? t('warehouses.list.noMatchText') : t('warehouses.list.emptyText')}
        >
          {isFiltered ? (
            <Button variant="contained" onClick={() => grid.update({ q: null, active: null })}>
              {t('warehouses.list.clearSearch')}
            </Button>
          ) : (
            <>
              {newButton}
              {importButton}
            </>
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<Warehouse>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('warehouses.list.label')}
          sortOptions={(['code', 'name', 'region', 'kind'] as const).map((field) => ({
            field,
            label: t(`warehouses.fields.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={open}
          card={(warehouse) => ({
            title: (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <KindIcon kind={warehouse.kind} labelled fontSize="small" color="action" />
                {warehouse.code} · {warehouse.name}
              </Box>
            ),
            badge: <Badges warehouse={warehouse} t={t} />,
            description: warehouse.region || undefined,
            details: [
              t('warehouses.list.locations', { count: warehouse.locations.length }),
              t('warehouses.list.stockLines', { count: warehouse.stockLines }),
              formatMoney(warehouse.stockValue, baseCurrency),
            ].join(' · '),
          })}
        />
      ) : (
        <UrlDataGrid<Warehouse>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('warehouses.list.label')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(open(row))}
        />
      )}
    </Stack>
  );
}

function Filters({ grid, q, active }: { grid: UrlGrid; q: string; active: string }) {
  const { t } = useTranslation();
  const { update } = grid;
  const [text, setText] = useSearchText(q, (next) => update({ q: next || null }, { replace: true }));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' },
        maxWidth: 720,
      }}
    >
      <SearchField
        label={t('warehouses.list.search')}
        placeholder={t('warehouses.list.searchHint')}
        value={text}
        onChange={setText}
      />
      <TextField
        select
        size="small"
        label={t('warehouses.fields.active')}
        value={active === 'true' || active === 'false' ? active : 'all'}
        onChange={(e) => update({ active: e.target.value === 'all' ? null : e.target.value })}
      >
        <MenuItem value="all">{t('warehouses.list.filterAll')}</MenuItem>
        <MenuItem value="true">{t('warehouses.list.filterActive')}</MenuItem>
        <MenuItem value="false">{t('warehouses.list.filterInactive')}</MenuItem>
      </TextField>
    </Box>
  );
}
