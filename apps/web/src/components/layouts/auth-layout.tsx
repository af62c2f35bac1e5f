import BoltIcon from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card the sign-in, reset and provider-result screens share. */
export const AuthLayout = ({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) => (
  <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
    <Box sx={{ width: '100%', maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, justifyContent: 'center' }}>
        <BoltIcon color="primary" fontSize="large" aria-hidden />
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          Wattdesk
        </Typography>
      </Box>
      <Paper sx={{ p: 4 }} elevation={2}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
      {footer ? <Box sx={{ mt: 2, textAlign: 'center' }}>{footer}</Box> : null}
    </Box>
  </Box>
);
