import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export const PageLoader = ({ label = 'Loading' }: { label?: string }) => (
  <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status" aria-live="polite">
    <CircularProgress aria-label={label} />
  </Box>
);
