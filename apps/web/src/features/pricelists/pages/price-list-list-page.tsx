import { PRICE_LIST_SORT_FIELDS, type PriceListSummary, priceListPath } from '@hosewright/domain';
import AddIcon from '@mui/icons-material/Add';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { priceListListQuery } from '@/api/pricelists';
import { CardList } from '@/components/data-grid/card-list';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import { gridStateToQuery, type UrlGridDefaults, useUrlGrid } from '@/components/data-grid/url-state';
import { EmptyState } from '@/components/empty-state';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { formatShortDate } from '@/lib/format';
import { DraftChip } from '../components/chips';

export const PRICE_LIST_DEFAULTS: UrlGridDefaults = { sort: 'name', sortFields: PRICE_LIST_SORT_FIELDS };

const dayText = (day: string) => formatShortDate(`${day}T00:00:00`);

/** 'Since Nov 1, 2026 · 120 items', or that none is in force yet. */
function inForceText(list: PriceListSummary, t: TFunction): string {
  if (!list.inForce) return t('priceLists.list.noneInForce');
  return [
    t('priceLists.list.since', { date: dayText(list.inForce.effectiveFrom) }),
    t('priceLists.list.itemCount', { count: list.inForce.itemCount }),
  ].join(' · ');
}

function columnsOf(t: TFunction): GridColDef<PriceListSummary>[] {
  return [
    {
      field: 'name',
      headerName: t('priceLists.fields.name'),
      flex: 2,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.name}
          </Box>
          {row.draft ? <DraftChip /> : null}
        </Box>
      ),
    },
    { field: 'currency', headerName: t('priceLists.fields.currency'), width: 110 },
    {
      field: 'inForce',
      headerName: t('priceLists.fields.inForce'),
      sortable: false,
      flex: 1,
      minWidth: 220,
      valueGetter: (_value, row) => inForceText(row, t),
    },
    {
      field: 'customerCount',
      headerName: t('priceLists.fields.customerCount'),
      sortable: false,
      type: 'number',
      width: 120,
    },
  ];
}

/**
 * `/pricelists` (admins of an enterprise organisation): the price lists with the version in force, the draft
 * waiting for review and how many customers each prices; server-side paged, state in the URL.
 */
export function PriceListListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const navigate = useNavigate();
  const grid = useUrlGrid(PRICE_LIST_DEFAULTS);
  const list = useQuery(priceListListQuery(gridStateToQuery(grid.state)));
  const columns = useMemo(() => columnsOf(t), [t]);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;
  const open = (row: PriceListSummary) => priceListPath(encodeURIComponent(row._id));

  const buttons = (
    <>
      <Button variant="contained" startIcon={<AddIcon />} href="/pricelists/new">
        {t('priceLists.new')}
      </Button>
      <Button variant="outlined" startIcon={<UploadFileIcon />} href="/pricelists/import">
        {t('priceLists.import')}
      </Button>
    </>
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('priceLists.title')}
        icon={<RequestQuoteOutlinedIcon />}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {buttons}
          </Stack>
        }
      />
      {list.isError ? (
        <LoadFailed
          message={t('priceLists.list.loadFailed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState
          icon={<RequestQuoteOutlinedIcon />}
          title={t('priceLists.list.emptyTitle')}
          text={t('priceLists.list.emptyText')}
        >
          {buttons}
        </EmptyState>
      ) : isXs ? (
        <CardList<PriceListSummary>
          grid={grid}
          rows={rows}
          total={total}
          isLoading={list.isFetching}
          label={t('priceLists.list.label')}
          sortOptions={(['name', 'currency'] as const).map((field) => ({
            field,
            label: t(`priceLists.fields.${field}`),
          }))}
          getRowId={(row) => row._id}
          href={open}
          card={(row) => ({
            title: `${row.name} · ${row.currency}`,
            badge: row.draft ? <DraftChip /> : undefined,
            description: row.description || undefined,
            details: [
              inForceText(row, t),
              t('priceLists.list.customerCount', { count: row.customerCount }),
            ].join(' · '),
          })}
        />
      ) : (
        <UrlDataGrid<PriceListSummary>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={list.isFetching}
          label={t('priceLists.list.label')}
          getRowId={(row) => row._id}
          onOpenRow={(row) => navigate(open(row))}
        />
      )}
    </Stack>
  );
}
