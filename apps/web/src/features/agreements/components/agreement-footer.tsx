import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const AgreementFooter = () => (
  <Box component="footer" sx={{ mt: 4, py: 3, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
    <Typography variant="body2">
      © {new Date().getFullYear()} Wattdesk · EV charging network. Questions about this agreement? Contact Wattdesk support.
    </Typography>
  </Box>
);
