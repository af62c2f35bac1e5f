import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { cspNonce } from '../../lib/csp-nonce.ts';

/** MUI's data grid with the page's CSP nonce on the style element it renders. */
export const AppDataGrid = <R extends GridValidRowModel>(props: DataGridProps<R>) => {
  const nonce = cspNonce();
  return <DataGrid<R> {...(nonce ? { nonce } : {})} {...props} />;
};
