import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled part of the maintenance screen, as a labelled region. */
export const Section = ({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) => (
  <Paper component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
    {children}
  </Paper>
);
