/** `/hosekits`: every kit (latest revisions), paged, sorted and searched on the server, kept in the URL. */
import { HOSE_KIT_SORT_FIELDS, type HoseKitListItem } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { customerQuery } from '@/api/customers';
import { kitListQuery } from '@/api/kits';
import { CardList } from '@/components/data-grid/card-list';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import { gridStateToQuery, type UrlGridDefaults, useUrlGrid } from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { formatShortDate } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';

const DEFAULTS: UrlGridDefaults = { sort: 'updatedAt', order: 'desc', sortFields: HOSE_KIT_SORT_FIELDS };
const FILTER_KEYS = ['q', 'customerId'] as const;

function columnsOf(t: TFunction): GridColDef<HoseKitListItem>[] {
  return [
    {
      field: 'partNumber',
      headerName: t('kits.list.columns.partNumber'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_, row) => row.title,
    },
    { field: 'description', headerName: t('kits.list.columns.description'), flex: 1.5, minWidth: 160 },
    { field: 'machine', headerName: t('kits.list.columns.machine'), flex: 1, minWidth: 130 },
    { field: 'customerName', headerName: t('kits.list.columns.customerName'), flex: 1, minWidth: 130 },
    {
      field: 'released',
      headerName: t('kits.list.columns.status'),
      sortable: false,
      width: 110,
      valueGetter: (_, row) => (row.released ? t('kits.status.released') : t('kits.status.draft')),
    },
    {
      field: 'lineCount',
      headerName: t('kits.list.columns.lineCount'),
      sortable: false,
      width: 80,
      type: 'number',
    },
    {
      field: 'updatedAt',
      headerName: t('kits.list.columns.updatedAt'),
      width: 130,
      valueFormatter: (v) => formatShortDate(v),
    },
  ];
}

export function ListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const grid = useUrlGrid(DEFAULTS);
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, grid.params.get(k) ?? undefined]));
  const list = useQuery(kitListQuery({ ...gridStateToQuery(grid.state), ...filters }));
  const customerId = grid.params.get('customerId') ?? '';
  const customer = useQuery(customerQuery(customerId));
  const columns = useMemo(() => columnsOf(t), [t]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = FILTER_KEYS.some((k) => grid.params.get(k));
  const isEmpty = !list.isPending && !list.isPlaceholderData && !list.isError && total === 0;

  const { update } = grid;
  const [text, setText] = useSearchText(grid.params.get('q') ?? '', (next) =>
    update({ q: next || null }, { replace: true }),
  );

  const newHref = customerId ? `/customer/${customerId}/hosekits/new` : '/hosekits/new';
  const create = (
    <Button variant="contained" startIcon={<AddIcon />} href={newHref}>
      {t('kits.list.new')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t('kits.list.title')} icon={<Inventory2OutlinedIcon />} actions={create} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('kits.list.search')}
          placeholder={t('kits.list.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 480 }}
        />
        {customerId ? (
          <Chip
            label={t('kits.list.customerFilter', { name: customer.data?.name ?? '…' })}
            onDelete={() => update({ customerId: null })}
          />
        ) : null}
      </Box>
      {list.isError ? <Alert severity="error">{t('kits.list.failed')}</Alert> : null}
      {isEmpty ? (
        <EmptyState
          icon={<Inventory2OutlinedIcon />}
          title={isFiltered ? t('kits.list.noMatch') : t('kits.list.empty')}
          text={isFiltered ? t('kits.list.noMatchHelp') : t('kits.list.emptyHelp')}
        >
          {isFiltered ? (
            <Button
              variant="contained"
              onClick={() => {
                setText('');
                update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));
              }}
            >
              {t('kits.list.clearFilters')}
            </Button>
          ) : (
            create
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<HoseKitListItem>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('kits.list.title')}
          sortOptions={HOSE_KIT_SORT_FIELDS.map((field) => ({
            field,
            label: t(`kits.list.columns.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={(row) => `/hosekit/${row._id}`}
          card={(row) => ({
            title: row.title,
            badge: (
              <Chip
                size="small"
                variant="outlined"
                label={row.released ? t('kits.status.released') : t('kits.status.draft')}
              />
            ),
            description: row.description,
            details: [row.customerName, row.machine, t('kits.list.lines', { count: row.lineCount })]
              .filter(Boolean)
              .join(' · '),
          })}
        />
      ) : (
        <UrlDataGrid<HoseKitListItem>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('kits.list.title')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(`/hosekit/${row._id}`)}
        />
      )}
    </Stack>
  );
}
