import LinearProgress from '@mui/material/LinearProgress';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridTexts } from '../../i18n/grid-texts.ts';
import { cspNonce } from '../../lib/csp-nonce.ts';

/**
 * The grid's loading bar, hidden from assistive technology: MUI's own puts an unnamed progressbar inside the grid,
 * where only rows may be (axe: aria-required-children, aria-progressbar-name, seen on Assets while it loaded). The
 * rows that arrive are what a screen reader needs; the grid's pages and counts announce themselves.
 */
const LoadingBar = () => <LinearProgress aria-hidden="true" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />;

/**
 * MUI's data grid with the page's CSP nonce on the style element it renders, and a loading bar axe accepts. Its
 * texts: the language's (pager, menus; grid-texts.ts) with the grid's own on top (`localeText`, e.g. its empty state).
 */
export const AppDataGrid = <R extends GridValidRowModel>(props: DataGridProps<R>) => {
  const nonce = cspNonce();
  const language = useGridTexts();
  const localeText = language || props.localeText ? { ...language, ...props.localeText } : undefined;
  return (
    <DataGrid<R>
      {...(nonce ? { nonce } : {})}
      {...props}
      {...(localeText ? { localeText } : {})}
      slots={{ loadingOverlay: LoadingBar, ...props.slots }}
    />
  );
};
