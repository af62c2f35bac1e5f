import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

export const AgreementFooter = () => {
  const t = useT(agreementsText);
  return (
    <Box component="footer" sx={{ mt: 4, py: 3, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2">{t('signing.footer', { year: String(new Date().getFullYear()) })}</Typography>
    </Box>
  );
};
