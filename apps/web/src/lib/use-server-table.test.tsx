import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toSortParam, useServerTable } from './use-server-table.ts';

describe('useServerTable: a grid page and order as the API parameters', () => {
  it("starts on the first page in the API's default order, shown as the grid's sort", () => {
    const { result } = renderHook(() => useServerTable({ sort: '-startedAt' }));
    expect(result.current.params).toEqual({ page: 1, pageSize: 25, sort: '-startedAt' });
    expect(result.current.grid.sortModel).toEqual([{ field: 'startedAt', sort: 'desc' }]);
  });

  it('turns the grid’s zero-based page into the API’s page, and a new page size starts again at page 1', () => {
    const { result } = renderHook(() => useServerTable({ sort: 'name' }));
    act(() => result.current.grid.onPaginationModelChange({ page: 2, pageSize: 25 }));
    expect(result.current.params).toMatchObject({ page: 3, pageSize: 25 });
    act(() => result.current.pagination.onRowsPerPageChange({ target: { value: '50' } }));
    expect(result.current.params).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('a new order returns to the first page; a cleared order falls back to the default', () => {
    const { result } = renderHook(() => useServerTable({ sort: 'name' }));
    act(() => result.current.grid.onPaginationModelChange({ page: 4, pageSize: 25 }));
    act(() => result.current.grid.onSortModelChange?.([{ field: 'email', sort: 'desc' }]));
    expect(result.current.params).toEqual({ page: 1, pageSize: 25, sort: '-email' });
    act(() => result.current.grid.onSortModelChange?.([]));
    expect(result.current.params.sort).toBe('name');
    act(() => result.current.sortBy('createdAt'));
    expect(result.current.params.sort).toBe('createdAt');
  });

  it('a change of filter shows its first page; the same filter again keeps the page', () => {
    const { result, rerender } = renderHook(({ filter }) => useServerTable({ resetOn: filter }), { initialProps: { filter: { level: 'error' } } });
    act(() => result.current.grid.onPaginationModelChange({ page: 3, pageSize: 25 }));
    rerender({ filter: { level: 'error' } });
    expect(result.current.params).toEqual({ page: 4, pageSize: 25 });
    rerender({ filter: { level: 'warning' } });
    expect(result.current.params).toEqual({ page: 1, pageSize: 25 });
  });

  it('a list without server sorting sends no sort and offers the grid none', () => {
    const { result } = renderHook(() => useServerTable());
    expect(result.current.params).toEqual({ page: 1, pageSize: 25 });
    expect(result.current.grid.onSortModelChange).toBeUndefined();
  });

  it('toSortParam: descending with a minus, the fallback when unsorted', () => {
    expect(toSortParam([{ field: 'email', sort: 'desc' }], 'name')).toBe('-email');
    expect(toSortParam([{ field: 'email', sort: 'asc' }], 'name')).toBe('email');
    expect(toSortParam([], '-createdAt')).toBe('-createdAt');
  });
});
