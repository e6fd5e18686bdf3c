import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridColDef,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE_OPTIONS, type UrlGrid } from './url-state';

/** Table height: automatic when the window is taller than `TABLE_HEIGHT_SWITCH_AT`, otherwise 70dvh. */
export const TABLE_HEIGHT_SWITCH_PX = 1000;

export function tableHeightFor(windowHeight: number): 'auto' | '70dvh' {
  return windowHeight > TABLE_HEIGHT_SWITCH_PX ? 'auto' : '70dvh';
}

export function useTableHeight(): 'auto' | '70dvh' {
  const [height, setHeight] = useState(() =>
    tableHeightFor(typeof window === 'undefined' ? 0 : window.innerHeight),
  );
  useEffect(() => {
    const onResize = () => setHeight(tableHeightFor(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

export interface UrlDataGridProps<R extends GridValidRowModel> {
  grid: UrlGrid;
  columns: readonly GridColDef<R>[];
  rows: readonly R[];
  rowCount: number;
  isLoading: boolean;
  /** The grid's accessible name. */
  label: string;
  getRowId?: GridRowIdGetter<R>;
  /** Click or Enter on a row. */
  onOpenRow?: (row: R) => void;
}

/**
 * MUI X Data Grid with server-side paging and sorting whose state lives in the URL (see `useUrlGrid`).
 * Filtering is the page's own controls, written to the same URL; the grid's column filter menu is off.
 */
export function UrlDataGrid<R extends GridValidRowModel>({
  grid,
  columns,
  rows,
  rowCount,
  isLoading,
  label,
  getRowId,
  onOpenRow,
}: UrlDataGridProps<R>) {
  const height = useTableHeight();
  const { state, defaults } = grid;
  // Stable models: a new object on every render reads to the grid as a change.
  const sortModel = useMemo<GridSortModel>(
    () => [{ field: state.sort, sort: state.order }],
    [state.sort, state.order],
  );
  const paginationModel = useMemo(
    () => ({ page: state.page - 1, pageSize: state.pageSize }),
    [state.page, state.pageSize],
  );

  return (
    <Box sx={{ height, width: '100%', minHeight: height === 'auto' ? undefined : 320 }}>
      <DataGrid<R>
        aria-label={label}
        columns={columns}
        rows={rows}
        rowCount={rowCount}
        loading={isLoading}
        {...(getRowId ? { getRowId } : {})}
        autoHeight={height === 'auto'}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        sortingOrder={['asc', 'desc']}
        pageSizeOptions={[...(defaults.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS)]}
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== state.pageSize) grid.setPageSize(model.pageSize);
          else if (model.page !== state.page - 1) grid.setPage(model.page + 1);
        }}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          if (first?.sort) grid.setSort(first.field, first.sort);
        }}
        onRowClick={onOpenRow ? (params) => onOpenRow(params.row) : undefined}
        onCellKeyDown={
          onOpenRow
            ? (params, event) => {
                if (event.key === 'Enter') onOpenRow(params.row);
              }
            : undefined
        }
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': onOpenRow ? { cursor: 'pointer' } : {},
        }}
      />
    </Box>
  );
}
