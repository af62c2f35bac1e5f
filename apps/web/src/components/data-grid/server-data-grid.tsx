import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { AppDataGrid } from './app-data-grid.tsx';
import { type GridColDef, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

export type ServerDataGridProps<Row extends GridValidRowModel> = {
  label: string;
  rows: readonly Row[];
  columns: readonly GridColDef<Row>[];
  total: number;
  isLoading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  noRowsLabel: string;
  getRowHeight?: () => number | 'auto';
  /**
   * Renders every column, also those scrolled out of view: for wide grids, so a cell stays in the page
   * (find in page, assistive technology) whichever way the grid is scrolled.
   */
  disableVirtualization?: boolean;
  /**
   * Checkbox selection, shown only when given. Ids stay selected across pages and searches, since the
   * server pages the rows: a bulk action then applies to everything the user ticked, not just this page.
   */
  selection?: { ids: readonly string[]; onChange: (ids: string[]) => void };
};

/**
 * The grid's default "select all" answers an exclude model (everything but…), which on a server-paged
 * grid would mean rows the browser has never seen; an include list of ids is what an action can send.
 */
const useSelectionProps = (selection: ServerDataGridProps<GridValidRowModel>['selection']) => {
  const ids = selection?.ids;
  const model = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(ids) }), [ids]);
  if (!selection) return {};
  return {
    checkboxSelection: true,
    disableRowSelectionExcludeModel: true,
    keepNonExistentRowsSelected: true,
    rowSelectionModel: model,
    onRowSelectionModelChange: (next: GridRowSelectionModel) => selection.onChange([...next.ids].map(String)),
  };
};

/**
 * A data grid whose paging and sorting happen on the server: the grid only reports what the user asked
 * for, and the screen turns that into query parameters.
 */
export const ServerDataGrid = <Row extends GridValidRowModel>({
  label,
  rows,
  columns,
  total,
  isLoading,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
  noRowsLabel,
  getRowHeight,
  disableVirtualization = false,
  selection,
}: ServerDataGridProps<Row>) => {
  const selectionProps = useSelectionProps(selection);
  return (
    <Box sx={{ width: '100%', bgcolor: 'background.paper' }}>
      <AppDataGrid
        aria-label={label}
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={isLoading}
        paginationMode="server"
        sortingMode={onSortModelChange ? 'server' : 'client'}
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        disableVirtualization={disableVirtualization}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        {...(sortModel ? { sortModel } : {})}
        {...(onSortModelChange ? { onSortModelChange } : { disableColumnSorting: true })}
        {...(getRowHeight ? { getRowHeight } : {})}
        localeText={{ noRowsLabel }}
        {...selectionProps}
      />
    </Box>
  );
};
