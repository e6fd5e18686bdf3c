import {
  WORK_ORDER_SORT_FIELDS,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
  type WorkOrderSummary,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { type WorkOrderListQuery, workOrderListQuery } from '@/api/workorders';
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
import { useSearchText } from '@/lib/use-search-text';
import { DueDate, PriorityChip, StatusChip, UnitsProgress } from '../components/work-order-chips';

export const WORK_ORDER_LIST_DEFAULTS: UrlGridDefaults = {
  sort: 'createdAt',
  order: 'desc',
  sortFields: WORK_ORDER_SORT_FIELDS,
};

/** The status filter of the URL (`?status=`): open work by default, every work order, or one status. */
type StatusFilter = 'open' | 'all' | WorkOrderStatus;

function statusFilterOf(value: string | null): StatusFilter {
  if (value === 'all') return 'all';
  return (WORK_ORDER_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as WorkOrderStatus)
    : 'open';
}

function statusQuery(filter: StatusFilter): Partial<WorkOrderListQuery> {
  if (filter === 'open') return { open: 'true' };
  if (filter === 'all') return {};
  return { status: filter };
}

/** "HA-0001_A and 2 more". */
function assembliesText(row: WorkOrderSummary, t: TFunction): string {
  if (!row.firstAssembly) return '';
  return row.moreLines > 0
    ? t('workOrders.list.andMore', { title: row.firstAssembly, count: row.moreLines })
    : row.firstAssembly;
}

const cell = { display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 } as const;

function columnsOf(t: TFunction): GridColDef<WorkOrderSummary>[] {
  return [
    {
      field: 'number',
      headerName: t('workOrders.fields.number'),
      width: 130,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {row.number}
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: t('workOrders.fields.status'),
      width: 130,
      renderCell: ({ row }) => (
        <Box sx={cell}>
          <StatusChip status={row.status} />
        </Box>
      ),
    },
    {
      field: 'priority',
      headerName: t('workOrders.fields.priority'),
      width: 130,
      renderCell: ({ row }) => (
        <Box sx={cell}>
          <PriorityChip priority={row.priority} />
        </Box>
      ),
    },
    {
      field: 'customer',
      headerName: t('workOrders.fields.customer'),
      sortable: false,
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => row.customer?.name ?? '',
    },
    {
      field: 'assemblies',
      headerName: t('workOrders.fields.assemblies'),
      sortable: false,
      flex: 1.5,
      minWidth: 200,
      valueGetter: (_value, row) => assembliesText(row, t),
    },
    {
      field: 'units',
      headerName: t('workOrders.fields.unitsReady'),
      sortable: false,
      width: 130,
      renderCell: ({ row }) => (
        <Box sx={cell}>
          <UnitsProgress ready={row.unitsReady} total={row.unitCount} />
        </Box>
      ),
    },
    {
      field: 'dueDate',
      headerName: t('workOrders.fields.dueDate'),
      width: 170,
      renderCell: ({ row }) => <DueDate dueDate={row.dueDate} status={row.status} />,
    },
  ];
}

/**
 * `/workorders` (members of a professional or enterprise organisation): the work orders, open ones first by
 * default, searched, filtered by status and sorted on the server, state in the URL; cards on a phone.
 */
export function WorkOrderListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const grid = useUrlGrid(WORK_ORDER_LIST_DEFAULTS);
  const q = grid.params.get('q') ?? '';
  const status = statusFilterOf(grid.params.get('status'));
  const list = useQuery(
    workOrderListQuery({ ...gridStateToQuery(grid.state), ...(q ? { q } : {}), ...statusQuery(status) }),
  );
  const columns = useMemo(() => columnsOf(t), [t]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = q !== '' || status !== 'open';
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;
  const open = (row: WorkOrderSummary) => `/workorder/${encodeURIComponent(row._id)}`;

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} href="/workorders/new">
      {t('workOrders.new')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t('workOrders.title')} icon={<AssignmentOutlinedIcon />} actions={newButton} />
      <Filters grid={grid} q={q} status={status} />
      {list.isError ? (
        <LoadFailed
          message={t('workOrders.list.loadFailed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState
          icon={<AssignmentOutlinedIcon />}
          title={isFiltered ? t('workOrders.list.noMatchTitle') : t('workOrders.list.emptyTitle')}
          text={isFiltered ? t('workOrders.list.noMatchText') : t('workOrders.list.emptyText')}
        >
          {isFiltered ? (
            <Button variant="contained" onClick={() => grid.update({ q: null, status: 'all' })}>
              {t('workOrders.list.showAll')}
            </Button>
          ) : (
            newButton
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<WorkOrderSummary>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('workOrders.list.label')}
          sortOptions={WORK_ORDER_SORT_FIELDS.map((field) => ({
            field,
            label: t(`workOrders.fields.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={open}
          card={(row) => ({
            title: row.number,
            badge: <StatusChip status={row.status} />,
            description:
              [row.customer?.name, assembliesText(row, t)].filter(Boolean).join(' · ') || undefined,
            details: (
              <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <DueDate dueDate={row.dueDate} status={row.status} />
                <span>·</span>
                <PriorityChip priority={row.priority} />
              </Box>
            ),
            footer: <UnitsProgress ready={row.unitsReady} total={row.unitCount} />,
          })}
        />
      ) : (
        <UrlDataGrid<WorkOrderSummary>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('workOrders.list.label')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(open(row))}
        />
      )}
    </Stack>
  );
}

function Filters({ grid, q, status }: { grid: UrlGrid; q: string; status: StatusFilter }) {
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
        label={t('workOrders.list.search')}
        placeholder={t('workOrders.list.searchHint')}
        value={text}
        onChange={setText}
      />
      <TextField
        select
        size="small"
        label={t('workOrders.fields.status')}
        value={status}
        onChange={(e) => update({ status: e.target.value === 'open' ? null : e.target.value })}
      >
        <MenuItem value="open">{t('workOrders.list.filterOpen')}</MenuItem>
        <MenuItem value="all">{t('workOrders.list.filterAll')}</MenuItem>
        {WORK_ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`workOrders.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
