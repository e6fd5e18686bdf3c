import {
  COMPONENT_KINDS,
  type ComponentKind,
  formatStockQuantity,
  INVENTORY_SORT_FIELDS,
  type StockLevel,
  type UnitSystem,
} from '@hosewright/domain';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryListQuery } from '@/api/inventory';
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
import { WarehousePicker, type WarehousePlace } from '@/components/warehouse-picker';
import { formatMoney } from '@/lib/format';
import { useSearchText } from '@/lib/use-search-text';
import { useUnitSystem } from '@/lib/use-units';
import { useViewer } from '@/lib/use-viewer';
import { HistoryDrawer } from '../components/history-drawer';
import { HosePieceList } from '../components/hose-piece-list';
import { LowStockList } from '../components/low-stock-list';
import {
  MOVEMENT_KINDS,
  MovementDialog,
  type MovementKind,
  type MovementPrefill,
} from '../components/movement-dialog';
import { movementIcon } from '../components/movement-type';

export const INVENTORY_LIST_DEFAULTS: UrlGridDefaults = {
  sort: 'partNumber',
  sortFields: INVENTORY_SORT_FIELDS,
  pageSize: 50,
};

const isKind = (value: string): value is ComponentKind =>
  (COMPONENT_KINDS as readonly string[]).includes(value);

/** The item's place on a stock line, as the movement dialog takes it. */
const placeOf = (line: StockLevel): WarehousePlace => ({
  warehouseId: line.warehouse._id,
  locationId: line.location?._id ?? null,
});

interface ColumnContext {
  t: TFunction;
  system: UnitSystem;
  currency: string | undefined;
  isXs: boolean;
  onMenu: (anchor: HTMLElement, line: StockLevel) => void;
}

function columnsOf({ t, system, currency, isXs, onMenu }: ColumnContext): GridColDef<StockLevel>[] {
  const lowChip = (row: StockLevel) =>
    row.low ? <Chip size="small" color="warning" label={t('inventory.low')} sx={{ flexShrink: 0 }} /> : null;
  const partNumber: GridColDef<StockLevel> = {
    field: 'partNumber',
    headerName: t('inventory.fields.partNumber'),
    flex: 1.2,
    minWidth: isXs ? 130 : 160,
    valueGetter: (_value, row) => row.component.partNumber,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
        <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
          <Box
            component="span"
            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 600 }}
          >
            {row.component.partNumber}
          </Box>
          {isXs ? (
            <Box
              component="span"
              sx={{
                display: 'block',
                color: 'text.secondary',
                fontSize: '0.8rem',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {row.location ? `${row.warehouse.code} / ${row.location.code}` : row.warehouse.code}
            </Box>
          ) : null}
        </Box>
        {lowChip(row)}
      </Box>
    ),
  };
  const onHand: GridColDef<StockLevel> = {
    field: 'onHand',
    headerName: t('inventory.fields.onHand'),
    type: 'number',
    width: isXs ? 100 : 150,
    // What work orders hold stays on the shelf until they are completed: the line says how much of it is free.
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, textAlign: 'right' }}>
        {formatStockQuantity(row.onHand, row.stockUnit, system)}
        {row.reserved > 0 ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('inventory.list.reserved', {
              quantity: formatStockQuantity(row.reserved, row.stockUnit, system),
            })}
          </Typography>
        ) : null}
      </Box>
    ),
  };
  const value: GridColDef<StockLevel> = {
    field: 'value',
    headerName: t('inventory.fields.value'),
    type: 'number',
    width: isXs ? 100 : 130,
    valueFormatter: (_value, row) => formatMoney(row.value, currency),
  };
  const actions: GridColDef<StockLevel> = {
    field: 'actions',
    headerName: '',
    sortable: false,
    disableColumnMenu: true,
    width: 56,
    renderCell: ({ row }) => (
      <IconButton
        size="small"
        aria-label={t('inventory.list.rowActions', { partNumber: row.component.partNumber })}
        aria-haspopup="menu"
        onClick={(event) => {
          event.stopPropagation();
          onMenu(event.currentTarget, row);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    ),
  };
  if (isXs) return [partNumber, onHand, value, actions];
  return [
    partNumber,
    {
      field: 'brand',
      headerName: t('inventory.fields.brand'),
      sortable: false,
      width: 120,
      valueGetter: (_value, row) => row.component.brand,
    },
    {
      field: 'description',
      headerName: t('inventory.fields.description'),
      sortable: false,
      flex: 2,
      minWidth: 180,
      valueGetter: (_value, row) => row.component.description,
    },
    {
      field: 'warehouse',
      headerName: t('inventory.fields.warehouse'),
      width: 120,
      valueGetter: (_value, row) => row.warehouse.code,
    },
    {
      field: 'location',
      headerName: t('inventory.fields.location'),
      sortable: false,
      width: 110,
      valueGetter: (_value, row) => row.location?.code ?? '',
    },
    onHand,
    {
      field: 'averageCost',
      headerName: t('inventory.fields.averageCost'),
      sortable: false,
      type: 'number',
      width: 150,
      valueFormatter: (_value, row) =>
        row.averageCost === null
          ? '—'
          : `${formatMoney(row.averageCost, currency)} ${t(`inventory.costPer.${row.component.costUnit}`)}`,
    },
    value,
    actions,
  ];
}

/**
 * `/inventory` (any member, professional or enterprise): the stock on hand by item, warehouse and location,
 * filtered in the URL (`?warehouseId=` from a warehouse's page), the movements people record, each line's
 * ledger and reorder point, and what to reorder.
 */
export function InventoryPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isXs = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const system = useUnitSystem();
  const { access } = useViewer();
  const isAdmin = access?.roles.includes('admin') ?? false;
  const grid = useUrlGrid(INVENTORY_LIST_DEFAULTS);
  const { params, update } = grid;
  const q = params.get('q') ?? '';
  const warehouseId = params.get('warehouseId') ?? '';
  const kindParam = params.get('kind') ?? '';
  const kind = isKind(kindParam) ? kindParam : '';
  const lowOnly = params.get('low') === 'true';
  const viewParam = params.get('view');
  const view = viewParam === 'reorder' || viewParam === 'pieces' ? viewParam : 'stock';

  const list = useQuery({
    ...inventoryListQuery({
      ...gridStateToQuery(grid.state),
      ...(q ? { q } : {}),
      ...(warehouseId ? { warehouseId } : {}),
      ...(kind ? { kind } : {}),
      ...(lowOnly ? { low: 'true' } : {}),
    }),
    enabled: view === 'stock',
  });
  const currency = list.data?.currency;
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = q !== '' || warehouseId !== '' || kind !== '' || lowOnly;
  const isEmpty = !list.isPending && !list.isError && !list.isPlaceholderData && total === 0;

  const [movement, setMovement] = useState<(MovementPrefill & { key: number }) | null>(null);
  const openMovement = useCallback((prefill: MovementPrefill) => {
    setMovement({ ...prefill, key: Date.now() });
  }, []);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; line: StockLevel } | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<StockLevel | null>(null);
  // The open line as the list now says (a movement or a new reorder point changes it).
  const openLine = opened ? (rows.find((r) => r._id === opened._id) ?? opened) : null;

  const onMenu = useCallback((anchor: HTMLElement, line: StockLevel) => setMenu({ anchor, line }), []);
  const columns = useMemo(
    () => columnsOf({ t, system, currency, isXs, onMenu }),
    [t, system, currency, isXs, onMenu],
  );
  const lineMovement = (type: MovementKind, line: StockLevel) =>
    openMovement({ type, item: line.component, place: placeOf(line) });
  const filterPlace = useMemo<WarehousePlace>(() => ({ warehouseId, locationId: null }), [warehouseId]);
  const onFilterPlace = useCallback(
    (place: WarehousePlace) => update({ warehouseId: place.warehouseId || null }),
    [update],
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('inventory.title')}
        icon={<Inventory2Icon />}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<MoveToInboxIcon />}
              onClick={() => openMovement({ type: 'receipt', place: filterPlace })}
            >
              {t('inventory.actions.receipt')}
            </Button>
            <Button
              variant="outlined"
              endIcon={<ArrowDropDownIcon />}
              aria-haspopup="menu"
              onClick={(e) => setMoreAnchor(e.currentTarget)}
            >
              {t('inventory.actions.more')}
            </Button>
            {isAdmin ? (
              <Button variant="outlined" startIcon={<FactCheckIcon />} href="/inventory/import">
                {t('inventory.actions.stockTake')}
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)}>
        {MOVEMENT_KINDS.filter((k) => k !== 'receipt').map((k) => (
          <MenuItem
            key={k}
            onClick={() => {
              setMoreAnchor(null);
              openMovement({ type: k, place: filterPlace });
            }}
          >
            <ListItemIcon>{movementIcon(k)}</ListItemIcon>
            <ListItemText>{t(`inventory.actions.${k}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>

      <Tabs
        value={view}
        onChange={(_, next: string) =>
          update({ view: next === 'reorder' || next === 'pieces' ? next : null })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('inventory.views')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="stock" label={t('inventory.tabs.stock')} />
        <Tab value="reorder" label={t('inventory.tabs.reorder')} />
        <Tab value="pieces" label={t('inventory.tabs.pieces')} />
      </Tabs>

      {view === 'pieces' ? (
        <>
          <Box sx={{ maxWidth: 360 }}>
            <WarehousePicker value={filterPlace} onChange={onFilterPlace} allowAll size="small" />
          </Box>
          <HosePieceList warehouseId={warehouseId} onMovement={openMovement} />
        </>
      ) : view === 'reorder' ? (
        <>
          <Box sx={{ maxWidth: 360 }}>
            <WarehousePicker value={filterPlace} onChange={onFilterPlace} allowAll size="small" />
          </Box>
          <LowStockList
            warehouseId={warehouseId}
            onReceive={(line) =>
              openMovement({
                type: 'receipt',
                item: line.component,
                place: { warehouseId: line.warehouse._id, locationId: null },
              })
            }
          />
        </>
      ) : (
        <>
          <Filters
            grid={grid}
            q={q}
            kind={kind}
            lowOnly={lowOnly}
            place={filterPlace}
            onPlace={onFilterPlace}
          />
          {list.data && total > 0 ? (
            <Typography aria-live="polite">
              {t(isFiltered ? 'inventory.list.totalValueFiltered' : 'inventory.list.totalValue', {
                value: formatMoney(list.data.totalValue, currency),
                count: total,
              })}
            </Typography>
          ) : null}
          {list.isError ? (
            <LoadFailed
              message={t('inventory.list.loadFailed')}
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : isEmpty ? (
            <EmptyState
              icon={<Inventory2Icon />}
              title={isFiltered ? t('inventory.list.noMatchTitle') : t('inventory.list.emptyTitle')}
              text={isFiltered ? t('inventory.list.noMatchText') : t('inventory.list.emptyText')}
            >
              {isFiltered ? (
                <Button
                  variant="contained"
                  onClick={() => update({ q: null, warehouseId: null, kind: null, low: null })}
                >
                  {t('inventory.list.clearFilters')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  startIcon={<MoveToInboxIcon />}
                  onClick={() => openMovement({ type: 'receipt', place: filterPlace })}
                >
                  {t('inventory.actions.receipt')}
                </Button>
              )}
            </EmptyState>
          ) : (
            <UrlDataGrid<StockLevel>
              grid={grid}
              columns={columns}
              rows={rows}
              rowCount={total}
              isLoading={list.isFetching}
              label={t('inventory.list.label')}
              getRowId={(row) => row._id}
              onOpenRow={setOpened}
            />
          )}
        </>
      )}

      <Menu anchorEl={menu?.anchor ?? null} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {MOVEMENT_KINDS.map((k) => (
          <MenuItem
            key={k}
            onClick={() => {
              if (menu) lineMovement(k, menu.line);
              setMenu(null);
            }}
          >
            <ListItemIcon>{movementIcon(k)}</ListItemIcon>
            <ListItemText>{t(`inventory.actions.${k}`)}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            if (menu) setOpened(menu.line);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <HistoryIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('inventory.actions.history')}</ListItemText>
        </MenuItem>
      </Menu>

      {openLine ? (
        <HistoryDrawer
          line={openLine}
          currency={currency}
          onClose={() => setOpened(null)}
          onMove={() => lineMovement('receipt', openLine)}
        />
      ) : null}
      {movement ? (
        <MovementDialog key={movement.key} prefill={movement} onClose={() => setMovement(null)} />
      ) : null}
    </Stack>
  );
}

function Filters({
  grid,
  q,
  kind,
  lowOnly,
  place,
  onPlace,
}: {
  grid: UrlGrid;
  q: string;
  kind: ComponentKind | '';
  lowOnly: boolean;
  place: WarehousePlace;
  onPlace: (place: WarehousePlace) => void;
}) {
  const { t } = useTranslation();
  const { update } = grid;
  const [text, setText] = useSearchText(q, (next) => update({ q: next || null }, { replace: true }));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1fr) auto',
        },
      }}
    >
      <SearchField
        label={t('inventory.list.search')}
        placeholder={t('inventory.list.searchHint')}
        value={text}
        onChange={setText}
      />
      <WarehousePicker value={place} onChange={onPlace} allowAll size="small" />
      <TextField
        select
        size="small"
        label={t('inventory.list.kind')}
        value={kind || 'all'}
        onChange={(e) => update({ kind: e.target.value === 'all' ? null : e.target.value })}
      >
        <MenuItem value="all">{t('inventory.list.allKinds')}</MenuItem>
        {COMPONENT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`components.kinds.${k}.plural`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch checked={lowOnly} onChange={(e) => update({ low: e.target.checked ? 'true' : null })} />
        }
        label={t('inventory.list.lowOnly')}
      />
    </Box>
  );
}
