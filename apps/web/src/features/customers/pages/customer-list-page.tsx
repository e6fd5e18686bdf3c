import { CUSTOMER_SORT_FIELDS, type Customer, PREMIUM_TIERS } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import PeopleIcon from '@mui/icons-material/People';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
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
import { customerListQuery } from '@/api/customers';
import { CardList } from '@/components/data-grid/card-list';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import {
  gridStateToQuery,
  type UrlGrid,
  type UrlGridDefaults,
  useUrlGrid,
} from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { formatDate } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';
import { useViewer } from '@/lib/use-viewer';

export const CUSTOMER_LIST_DEFAULTS: UrlGridDefaults = { sort: 'name', sortFields: CUSTOMER_SORT_FIELDS };

function columnsOf(t: TFunction): GridColDef<Customer>[] {
  return [
    {
      field: 'name',
      headerName: t('customers.fields.name'),
      flex: 2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.name}
          </Box>
          {row.active ? null : <Chip size="small" label={t('customers.list.inactive')} />}
        </Box>
      ),
    },
    { field: 'accountNumber', headerName: t('customers.fields.accountNumber'), flex: 1, minWidth: 130 },
    { field: 'domain', headerName: t('customers.fields.domain'), flex: 1, minWidth: 150 },
    {
      field: 'contact',
      headerName: t('customers.form.sections.contacts'),
      sortable: false,
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => row.contacts[0]?.name ?? '',
    },
    { field: 'currency', headerName: t('customers.fields.currency'), width: 100 },
    {
      field: 'updatedAt',
      headerName: t('customers.fields.updatedAt'),
      width: 170,
      valueFormatter: (value: string) => (value ? formatDate(value) : ''),
    },
  ];
}

/** `/customers` (any signed-in member): the shop's customers, server-side paged, state in the URL. */
export function CustomerListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const grid = useUrlGrid(CUSTOMER_LIST_DEFAULTS);
  const q = grid.params.get('q') ?? '';
  const active = grid.params.get('active') ?? '';
  const list = useQuery(
    customerListQuery({
      ...gridStateToQuery(grid.state),
      ...(q ? { q } : {}),
      ...(active === 'true' || active === 'false' ? { active } : {}),
    }),
  );
  const columns = useMemo(() => columnsOf(t), [t]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = q !== '' || active !== '';
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('customers.title')}
        icon={<PeopleIcon />}
        tools={[
          {
            commandId: 'importItems',
            icon: <UploadFileIcon fontSize="small" />,
            title: t('customers.importItems'),
            roles: ['admin'],
            subscriptions: PREMIUM_TIERS,
          },
        ]}
        onCommand={(_index, tool) => {
          if (tool.commandId === 'importItems') navigate('/customers/items/import');
        }}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddIcon />} href="/customers/new">
              {t('customers.new')}
            </Button>
            {isAdmin ? (
              <Button variant="outlined" startIcon={<UploadFileIcon />} href="/customers/import">
                {t('customers.import')}
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Filters grid={grid} q={q} active={active} />
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('customers.list.loadFailed')} {list.error.message}
        </Alert>
      ) : isEmpty ? (
        <EmptyState
          icon={<PeopleIcon />}
          title={isFiltered ? t('customers.list.noMatchTitle') : t('customers.list.emptyTitle')}
          text={isFiltered ? t('customers.list.noMatchText') : t('customers.list.emptyText')}
        >
          {isFiltered ? (
            <Button variant="contained" onClick={() => grid.update({ q: null, active: null })}>
              {t('customers.list.clearSearch')}
            </Button>
          ) : (
            <>
              <Button variant="contained" startIcon={<AddIcon />} href="/customers/new">
                {t('customers.new')}
              </Button>
              {isAdmin ? (
                <Button variant="outlined" href="/customers/import">
                  {t('customers.import')}
                </Button>
              ) : null}
            </>
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<Customer>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('customers.list.label')}
          sortOptions={(['name', 'accountNumber', 'domain', 'updatedAt'] as const).map((field) => ({
            field,
            label: t(`customers.fields.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={(row) => `/customer/${encodeURIComponent(row._id)}`}
          card={(customer) => ({
            title: customer.name,
            badge: customer.active ? null : <Chip size="small" label={t('customers.list.inactive')} />,
            description: [customer.accountNumber, customer.domain, customer.contacts[0]?.name]
              .filter(Boolean)
              .join(' · '),
          })}
        />
      ) : (
        <UrlDataGrid<Customer>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('customers.list.label')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(`/customer/${encodeURIComponent(row._id)}`)}
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
        label={t('customers.list.search')}
        placeholder={t('customers.list.searchHint')}
        value={text}
        onChange={setText}
      />
      <TextField
        select
        size="small"
        label={t('customers.fields.active')}
        value={active === 'true' || active === 'false' ? active : 'all'}
        onChange={(e) => update({ active: e.target.value === 'all' ? null : e.target.value })}
      >
        <MenuItem value="all">{t('customers.list.filterAll')}</MenuItem>
        <MenuItem value="true">{t('customers.list.filterActive')}</MenuItem>
        <MenuItem value="false">{t('customers.list.filterInactive')}</MenuItem>
      </TextField>
    </Box>
  );
}
