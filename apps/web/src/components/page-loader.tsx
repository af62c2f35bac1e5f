import Box from '@mui/material/Box';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';
import CircularProgress from '@mui/material/CircularProgress';

export const PageLoader = ({ label }: { label?: string }) => {
  const t = useT(commonText);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status" aria-live="polite">
      <CircularProgress aria-label={label ?? t('loading')} />
    </Box>
  );
};
