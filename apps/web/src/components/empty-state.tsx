import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const EmptyState = ({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) => (
  <Box sx={{ textAlign: 'center', py: 8, px: 2, color: 'text.secondary' }}>
    {icon ? <Box sx={{ mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box> : null}
    <Typography variant="h6" component="p" color="text.primary" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);
