import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';

export const DEFAULT_PAGE_SIZE = 25;

/** `[{ field: 'email', sort: 'desc' }]` → `-email`; the API's sort parameter. */
export const toSortParam = (model: GridSortModel, fallback: string): string => {
  const [first] = model;
  return first?.sort ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : fallback;
};

/** `-startedAt` → `[{ field: 'startedAt', sort: 'desc' }]`: the grid shows the order the server applies. */
const toSortModel = (sort: string): GridSortModel => [{ field: sort.replace(/^-/, ''), sort: sort.startsWith('-') ? 'desc' : 'asc' }];

type ServerTableOptions = {
  /** The API's default order (`-createdAt`); omitted: the list is not sortable. */
  sort?: string;
  pageSize?: number;
  /** Filters: whenever their value changes, paging starts again at the first page. */
  resetOn?: unknown;
};

type PagingParams = { page: number; pageSize: number };

/**
 * The paging (and sorting) of a list the server pages: what the grid reports becomes the API's page,
 * pageSize and sort parameters, and a change of filter or order returns to the first page.
 * `grid` spreads onto ServerDataGrid; `pagination` onto MUI's TablePagination.
 */
export function useServerTable(options: ServerTableOptions & { sort: string }): ServerTable<PagingParams & { sort: string }>;
export function useServerTable(options?: ServerTableOptions): ServerTable<PagingParams>;
export function useServerTable({ sort, pageSize = DEFAULT_PAGE_SIZE, resetOn }: ServerTableOptions = {}): ServerTable<
  PagingParams & { sort?: string }
> {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>(() => (sort ? toSortModel(sort) : []));
  const filterKey = JSON.stringify(resetOn ?? null);
  const [seenFilterKey, setSeenFilterKey] = useState(filterKey);
  // A new filter shows its first page (adjusting state while rendering, as React recommends over an effect).
  if (filterKey !== seenFilterKey) {
    setSeenFilterKey(filterKey);
    if (paginationModel.page !== 0) setPaginationModel({ ...paginationModel, page: 0 });
  }
  const firstPage = () => setPaginationModel((current) => (current.page === 0 ? current : { ...current, page: 0 }));
  const paging = { page: paginationModel.page + 1, pageSize: paginationModel.pageSize };
  return {
    params: sort ? { ...paging, sort: toSortParam(sortModel, sort) } : paging,
    firstPage,
    sortBy: (next: string) => {
      setSortModel(toSortModel(next));
      firstPage();
    },
    grid: {
      paginationModel,
      onPaginationModelChange: setPaginationModel,
      ...(sort
        ? {
            sortModel,
            onSortModelChange: (model: GridSortModel) => {
              setSortModel(model);
              firstPage();
            },
          }
        : {}),
    },
    pagination: {
      page: paginationModel.page,
      rowsPerPage: paginationModel.pageSize,
      onPageChange: (_event: unknown, page: number) => setPaginationModel((current) => ({ ...current, page })),
      onRowsPerPageChange: (event: { target: { value: string } }) => setPaginationModel({ page: 0, pageSize: Number(event.target.value) }),
    },
  };
}

export type ServerTable<Params> = {
  /** The API's paging (and sort) parameters for the page shown. */
  params: Params;
  /** Back to the first page, e.g. when a filter the hook does not watch changes. */
  firstPage: () => void;
  /** Orders by the API's sort parameter (`-createdAt`), for tables other than the data grid. */
  sortBy: (sort: string) => void;
  grid: {
    paginationModel: GridPaginationModel;
    onPaginationModelChange: (model: GridPaginationModel) => void;
    sortModel?: GridSortModel;
    onSortModelChange?: (model: GridSortModel) => void;
  };
  pagination: {
    page: number;
    rowsPerPage: number;
    onPageChange: (event: unknown, page: number) => void;
    onRowsPerPageChange: (event: { target: { value: string } }) => void;
  };
};
