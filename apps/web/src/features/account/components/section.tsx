import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of the account settings, with its heading. */
export const Section = ({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) => (
  <Paper component="section" aria-label={title} sx={{ p: 3, mb: 3 }}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {description ? (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
    ) : null}
    {children}
  </Paper>
);
