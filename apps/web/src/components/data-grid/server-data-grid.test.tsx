import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerDataGrid } from './server-data-grid.tsx';

const rows = [{ id: 'a', name: 'Bay 1' }];
const columns = [{ field: 'name', headerName: 'Name' }];

describe('ServerDataGrid while it loads', () => {
  it('shows a loading bar that assistive technology does not meet inside the grid, and keeps the rows it has', () => {
    render(
      <ServerDataGrid
        label="Chargers"
        rows={rows}
        columns={columns}
        total={1}
        isLoading
        paginationModel={{ page: 0, pageSize: 10 }}
        onPaginationModelChange={() => undefined}
        noRowsLabel="No chargers"
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Chargers' });
    // axe (aria-required-children, aria-progressbar-name): no unnamed progressbar among the grid's rows.
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(grid.querySelector('.MuiLinearProgress-root[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('gridcell', { name: 'Bay 1' })).toBeDefined();
  });
});
