import { failureMessages, successMessages } from '@wattdesk/shared/messages';
import BoltIcon from '@mui/icons-material/Bolt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useDocumentTitle } from '../../lib/use-screen-heading.ts';
import { termsDocumentUrl, useSignTerms, useTerms } from './api/terms-api.ts';
import { AgreementFooter } from './components/agreement-footer.tsx';
import { AgreementHeader } from './components/agreement-header.tsx';
import { SigningForm } from './components/signing-form.tsx';
import { useLocale } from '../../i18n/language-store.ts';
import { useSentence } from '../../i18n/sentences.ts';
import { useT } from '../../i18n/use-t.ts';
import { agreementsText } from './agreements-text.ts';

const Brand = () => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
    <BoltIcon color="primary" fontSize="large" aria-hidden />
    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
      Wattdesk
    </Typography>
  </Box>
);

const AgreementError = () => {
  const sentence = useSentence();
  return (
    <Alert severity="error" role="alert">
      {sentence(failureMessages.agreement)}
    </Alert>
  );
};

/**
 * /terms-and-conditions/{tokenId} (spec section 2): the agreement with its header, the embedded PDF,
 * the eSignature consent, then "submitted" or "error" (spec section 4). Unknown, signed and expired
 * agreements show the error at once.
 */
const AgreementPage = () => {
  const t = useT(agreementsText);
  const locale = useLocale();
  const sentence = useSentence();
  const tokenId = useParams().tokenId ?? '';
  const terms = useTerms(tokenId);
  const signing = useSignTerms();
  useDocumentTitle(terms.data ? t('signing.documentTitleFor', { account: terms.data.accountName }) : t('signing.documentTitle'));

  let content;
  if (terms.isPending) content = <PageLoader label={t('signing.loading')} />;
  else if (terms.isError) content = <AgreementError />;
  else {
    content = (
      <>
        <AgreementHeader terms={terms.data} />
        <Box
          component="iframe"
          title={t('signing.document')}
          src={termsDocumentUrl(tokenId, locale)}
          sx={{ width: '100%', height: { xs: '60vh', md: '70vh' }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100' }}
        />
        {signing.isSuccess ? (
          <Alert severity="success" role="status" sx={{ mt: 3 }}>
            {sentence(successMessages.agreementSubmitted)}
          </Alert>
        ) : signing.isError ? (
          <Box sx={{ mt: 3 }}>
            <AgreementError />
          </Box>
        ) : (
          <SigningForm isSubmitting={signing.isPending} onSubmit={() => signing.mutate(tokenId)} />
        )}
      </>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, md: 4 } }}>
      <Container component="main" maxWidth="md">
        <Brand />
        <Paper sx={{ p: { xs: 2, md: 4 } }} elevation={2}>
          {content}
        </Paper>
      </Container>
      <Container maxWidth="md">
        <AgreementFooter />
      </Container>
    </Box>
  );
};

export default AgreementPage;
