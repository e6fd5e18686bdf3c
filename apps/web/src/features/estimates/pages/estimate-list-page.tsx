import {
  ESTIMATE_SORT_FIELDS,
  ESTIMATE_STATUSES,
  type EstimateStatus,
  type EstimateSummary,
} from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { estimateListQuery } from '@/api/estimates';
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
import { useSearchText } from '@/lib/use-search-text';
import { StatusChip } from '../components/estimate-chips';
import { LoadProblem } from '../components/load-problem';
import { formatDay, formatMinor, numberWithRevision } from '../lib/estimate';

export const ESTIMATE_LIST_DEFAULTS: UrlGridDefaults = {
  sort: 'createdAt',
  order: 'desc',
  sortFields: ESTIMATE_SORT_FIELDS,
};

function statusOf(value: string | null): EstimateStatus | null {
  return (ESTIMATE_STATUSES as readonly string[]).includes(value ?? '') ? (value as EstimateStatus) : null;
}

const cell = { display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 } as const;

function columnsOf(t: TFunction): GridColDef<EstimateSummary>[] {
  return [
    {
      field: 'number',
      headerName: t('estimates.fields.number'),
      width: 160,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {numberWithRevision(row, t('estimates.rev', { revision: row.revision }))}
        </Box>
      ),
    },
    {
      field: 'customer',
      headerName: t('estimates.fields.customer'),
      sortable: false,
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => row.customer?.name ?? '',
    },
    {
      field: 'description',
      headerName: t('estimates.fields.description'),
      sortable: false,
      flex: 1.5,
      minWidth: 180,
    },
    {
      field: 'estimateDate',
      headerName: t('estimates.fields.estimateDate'),
      width: 130,
      valueGetter: (_value, row) => formatDay(row.estimateDate),
    },
    {
      field: 'validUntil',
      headerName: t('estimates.fields.validUntil'),
      width: 130,
      valueGetter: (_value, row) => formatDay(row.validUntil),
    },
    {
      field: 'status',
      headerName: t('estimates.fields.status'),
      width: 120,
      renderCell: ({ row }) => (
        <Box sx={cell}>
          <StatusChip status={row.status} />
        </Box>
      ),
    },
    {
      field: 'total',
      headerName: t('estimates.fields.total'),
      width: 140,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => formatMinor(row.total, row.currency),
    },
  ];
}

/**
 * `/salesestimates` (members of a professional or enterprise organisation): the latest revision of each
 * estimate, searched, filtered by status and sorted on the server, state in the URL; cards on a phone.
 */
export function EstimateListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const grid = useUrlGrid(ESTIMATE_LIST_DEFAULTS);
  const q = grid.params.get('q') ?? '';
  const status = statusOf(grid.params.get('status'));
  const list = useQuery(
    estimateListQuery({
      ...gridStateToQuery(grid.state),
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
    }),
  );
  const columns = useMemo(() => columnsOf(t), [t]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = q !== '' || status !== null;
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;
  const open = (row: EstimateSummary) => `/salesestimate/${encodeURIComponent(row._id)}`;

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} href="/salesestimates/new">
      {t('estimates.new')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title={t('estimates.title')} icon={<RequestQuoteOutlinedIcon />} actions={newButton} />
      <Filters grid={grid} q={q} status={status} />
      {list.isError ? (
        <LoadProblem
          message={t('estimates.list.loadFailed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState
          icon={<RequestQuoteOutlinedIcon />}
          title={isFiltered ? t('estimates.list.noMatchTitle') : t('estimates.list.emptyTitle')}
          text={isFiltered ? t('estimates.list.noMatchText') : t('estimates.list.emptyText')}
        >
          {isFiltered ? (
            <Button variant="contained" onClick={() => grid.update({ q: null, status: null })}>
              {t('estimates.list.showAll')}
            </Button>
          ) : (
            newButton
          )}
        </EmptyState>
      ) : isXs ? (
        <CardList<EstimateSummary>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('estimates.list.label')}
          sortOptions={ESTIMATE_SORT_FIELDS.map((field) => ({
            field,
            label: t(`estimates.fields.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={open}
          card={(row) => ({
            title: numberWithRevision(row, t('estimates.rev', { revision: row.revision })),
            badge: <StatusChip status={row.status} />,
            description: [row.customer?.name, row.description].filter(Boolean).join(' · ') || undefined,
            details: [
              formatDay(row.estimateDate),
              row.validUntil ? t('estimates.list.validUntil', { date: formatDay(row.validUntil) }) : '',
            ]
              .filter(Boolean)
              .join(' · '),
            footer: (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {formatMinor(row.total, row.currency)}
              </Box>
            ),
          })}
        />
      ) : (
        <UrlDataGrid<EstimateSummary>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('estimates.list.label')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(open(row))}
        />
      )}
    </Stack>
  );
}

/** The search box, and a chip per status (one at a time; the chosen one again shows every status). */
function Filters({ grid, q, status }: { grid: UrlGrid; q: string; status: EstimateStatus | null }) {
  const { t } = useTranslation();
  const { update } = grid;
  const [text, setText] = useSearchText(q, (next) => update({ q: next || null }, { replace: true }));
  return (
    <Stack spacing={1} sx={{ maxWidth: 720, minWidth: 0 }}>
      <SearchField
        label={t('estimates.list.search')}
        placeholder={t('estimates.list.searchHint')}
        value={text}
        onChange={setText}
      />
      <Box
        role="group"
        aria-label={t('estimates.list.statusFilter')}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <Chip
          label={t('estimates.list.filterAll')}
          color={status === null ? 'primary' : 'default'}
          variant={status === null ? 'filled' : 'outlined'}
          aria-pressed={status === null}
          onClick={() => update({ status: null })}
        />
        {ESTIMATE_STATUSES.map((s) => (
          <Chip
            key={s}
            label={t(`estimates.status.${s}`)}
            color={status === s ? 'primary' : 'default'}
            variant={status === s ? 'filled' : 'outlined'}
            aria-pressed={status === s}
            onClick={() => update({ status: status === s ? null : s })}
          />
        ))}
      </Box>
    </Stack>
  );
}
