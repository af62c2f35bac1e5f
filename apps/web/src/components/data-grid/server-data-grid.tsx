import Box from '@mui/material/Box';
import { AppDataGrid } from './app-data-grid.tsx';
import { type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';

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
}: ServerDataGridProps<Row>) => (
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
    />
  </Box>
);

/** `[{ field: 'email', sort: 'desc' }]` → `-email`; the API's sort parameter. */
export const toSortParam = (model: GridSortModel, fallback: string): string => {
  const [first] = model;
  return first?.sort ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : fallback;
};
