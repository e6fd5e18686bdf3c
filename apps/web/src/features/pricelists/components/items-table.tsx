/**
 * One page of a version's items (`listPriceListItems`), searched by part number, with each item's price,
 * breaks, today's cost and margin, flagged when below the target; a table on wider screens, cards on a
 * phone. The page, sort, search, version and filter live in the URL.
 */
import { PRICE_LIST_ITEM_SORT_FIELDS, type PriceListDetail, type PriceListItemRow } from '@hosewright/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { priceListItemsQuery } from '@/api/pricelists';
import { UrlDataGrid } from '@/components/data-grid/url-data-grid';
import { gridStateToQuery, type UrlGridDefaults, useUrlGrid } from '@/components/data-grid/url-state';
import { LoadFailed } from '@/components/load-failed';
import { SearchField } from '@/components/search-field';
import { formatShortDate } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';
import { breakText, formatPct, formatPrice } from '../lib/prices';
import { BelowTargetFlag } from './chips';

export const ITEM_GRID_DEFAULTS: UrlGridDefaults = {
  sort: 'partNumber',
  sortFields: PRICE_LIST_ITEM_SORT_FIELDS,
  pageSize: 50,
  pageSizeOptions: [25, 50, 100],
};

const rowId = (row: PriceListItemRow) => `${row.itemType}:${row.itemId}`;

function Margin({ row, targetPct }: { row: PriceListItemRow; targetPct: number }) {
  const text = formatPct(row.marginPct);
  return row.belowTargetMargin ? <BelowTargetFlag targetPct={targetPct}>{text}</BelowTargetFlag> : text;
}

function columnsOf(
  t: TFunction,
  currency: string,
  targetPct: number,
  actions: ((row: PriceListItemRow) => ReactNode) | undefined,
): GridColDef<PriceListItemRow>[] {
  const columns: GridColDef<PriceListItemRow>[] = [
    { field: 'partNumber', headerName: t('priceLists.detail.partNumber'), width: 170 },
    {
      field: 'description',
      headerName: t('priceLists.detail.description'),
      sortable: false,
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) =>
        [t(`priceLists.detail.itemTypes.${row.itemType}`), row.description].filter(Boolean).join(' · '),
    },
    {
      field: 'unitPrice',
      headerName: t('priceLists.detail.price'),
      type: 'number',
      width: 120,
      valueFormatter: (value: number) => formatPrice(value, currency),
    },
    {
      field: 'breaks',
      headerName: t('priceLists.detail.breaks'),
      sortable: false,
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) =>
        row.breaks.map((b) => breakText(b.minQuantity, b.unitPrice, currency)).join(' · '),
    },
    {
      field: 'unitCost',
      headerName: t('priceLists.detail.cost'),
      sortable: false,
      type: 'number',
      width: 120,
      valueFormatter: (value: number | null) => formatPrice(value, currency),
    },
    {
      field: 'marginPct',
      headerName: t('priceLists.detail.margin'),
      type: 'number',
      width: 110,
      renderCell: ({ row }) => <Margin row={row} targetPct={targetPct} />,
    },
  ];
  if (actions) {
    columns.push({
      field: 'actions',
      headerName: '',
      sortable: false,
      width: 110,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{actions(row)}</Box>
      ),
    });
  }
  return columns;
}

export function ItemsTable({
  list,
  draftOnly,
  actions,
}: {
  list: PriceListDetail;
  /** Only the draft's items (the edit page); else a version is chosen, the one in force by default. */
  draftOnly?: boolean;
  /** Buttons on each row (change, remove). */
  actions?: (row: PriceListItemRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const grid = useUrlGrid(ITEM_GRID_DEFAULTS);
  const { update } = grid;
  const q = grid.params.get('q') ?? '';
  const draftId = list.versions.find((v) => v.effectiveFrom === null)?._id;
  const asked = grid.params.get('version') ?? '';
  const versionId = draftOnly ? draftId : list.versions.some((v) => v._id === asked) ? asked : undefined;
  const belowTarget = grid.params.get('belowTarget') === 'true';
  const [text, setText] = useSearchText(q, (next) =>
    update({ q: next || null, page: null }, { replace: true }),
  );
  const items = useQuery(
    priceListItemsQuery(list._id, {
      ...gridStateToQuery(grid.state),
      ...(q ? { q } : {}),
      ...(versionId ? { versionId } : {}),
      ...(belowTarget ? { belowTarget: 'true' } : {}),
    }),
  );
  const columns = useMemo(
    () => columnsOf(t, list.currency, list.targetMarginPct, actions),
    [t, list.currency, list.targetMarginPct, actions],
  );
  const rows = items.data?.items ?? [];
  const total = items.data?.total ?? 0;
  const label = t('priceLists.detail.items');
  const inForce = list.versions.find((v) => v.inForce);

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          alignItems: 'center',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: draftOnly ? '2fr auto' : '2fr 1fr auto' },
        }}
      >
        <SearchField
          label={t('priceLists.detail.search')}
          placeholder={t('priceLists.detail.searchHint')}
          value={text}
          onChange={setText}
        />
        {draftOnly ? null : (
          <TextField
            select
            size="small"
            label={t('priceLists.detail.itemsOf')}
            value={versionId ?? inForce?._id ?? draftId ?? ''}
            onChange={(e) =>
              update({ version: e.target.value === inForce?._id ? null : e.target.value, page: null })
            }
          >
            {list.versions.map((v) => (
              <MenuItem key={v._id} value={v._id}>
                {v.effectiveFrom === null
                  ? t('priceLists.detail.draftOption')
                  : t('priceLists.detail.versionOption', {
                      date: formatShortDate(`${v.effectiveFrom}T00:00:00`),
                    })}
                {v.inForce ? ` (${t('priceLists.detail.inForce')})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={belowTarget}
              onChange={(e) => update({ belowTarget: e.target.checked ? 'true' : null, page: null })}
            />
          }
          label={t('priceLists.detail.belowTargetOnly')}
        />
      </Box>
      {items.isError ? (
        <LoadFailed
          message={t('priceLists.detail.itemsLoadFailed')}
          error={items.error}
          onRetry={() => items.refetch()}
        />
      ) : !items.isPending && total === 0 ? (
        <Typography color="text.secondary">
          {q || belowTarget ? t('priceLists.detail.noMatch') : t('priceLists.detail.noItems')}
        </Typography>
      ) : isXs ? (
        <Stack spacing={1}>
          <Box
            component="ul"
            aria-label={label}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {rows.map((row) => (
              <Box component="li" key={rowId(row)}>
                <Card variant="outlined">
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
                        {row.partNumber} · {formatPrice(row.unitPrice, list.currency)}
                      </Typography>
                      {actions?.(row)}
                    </Box>
                    {row.description ? (
                      <Typography variant="body2" color="text.secondary">
                        {row.description}
                      </Typography>
                    ) : null}
                    {row.breaks.length > 0 ? (
                      <Typography variant="body2">
                        {row.breaks
                          .map((b) => breakText(b.minQuantity, b.unitPrice, list.currency))
                          .join(' · ')}
                      </Typography>
                    ) : null}
                    <Typography variant="body2" color="text.secondary">
                      {t('priceLists.detail.cost')}: {formatPrice(row.unitCost, list.currency)} ·{' '}
                      {t('priceLists.detail.margin')}: <Margin row={row} targetPct={list.targetMarginPct} />
                    </Typography>
                  </CardContent>
                </Card>
              </Box>
            ))}
          </Box>
          {total > grid.state.pageSize ? (
            <Pagination
              count={Math.ceil(total / grid.state.pageSize)}
              page={grid.state.page}
              onChange={(_e, page) => grid.setPage(page)}
            />
          ) : null}
        </Stack>
      ) : (
        <UrlDataGrid<PriceListItemRow>
          grid={grid}
          columns={columns}
          rows={rows}
          rowCount={total}
          isLoading={items.isFetching}
          label={label}
          getRowId={rowId}
        />
      )}
    </Stack>
  );
}
