import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled block of an energy screen. */
export const Section = ({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
        <span style={{ flex: 1 }}>{title}</span>
        {actions}
      </Typography>
      {children}
    </Paper>
  );
};

/** kW with one decimal and thousands separators. */
export { formatKw } from '@wattdesk/shared/format';
