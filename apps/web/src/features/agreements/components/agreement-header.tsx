import type { TermsResponse } from '@wattdesk/shared/schemas/agreements';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

/** Spec section 2: a header with account name, property name and address. */
export const AgreementHeader = ({ terms }: { terms: TermsResponse }) => {
  const t = useT(agreementsText);
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary">
        {t('signing.overline')}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {terms.accountName}
      </Typography>
      <Typography variant="subtitle1">{terms.propertyName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {terms.address.street}, {terms.address.city}, {terms.address.state} {terms.address.zip}
      </Typography>
    </Box>
  );
};
