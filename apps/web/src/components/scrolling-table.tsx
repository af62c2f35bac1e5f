import Table, { type TableProps } from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table that scrolls sideways inside its own box when it is wider than the screen (a phone), instead of making
 * the page wider. The box is a labelled, focusable region so keyboard users can scroll it too (axe
 * scrollable-region-focusable).
 */
export const ScrollingTable = ({ 'aria-label': label, children, ...props }: TableProps & { 'aria-label': string }) => (
  <TableContainer role="region" aria-label={label} tabIndex={0} data-scrolls-sideways>
    <Table aria-label={label} {...props}>
      {children}
    </Table>
  </TableContainer>
);
