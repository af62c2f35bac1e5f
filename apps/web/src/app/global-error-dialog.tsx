import { clientErrorMessages } from '@wattdesk/shared/messages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useIsLoggedIn } from '../lib/session-store.ts';
import { dismissUnhandledRejection, useHasUnhandledRejection } from '../lib/unhandled-rejections.ts';
import { commonText } from '../components/common-text.ts';
import { useSentence } from '../i18n/sentences.ts';
import { useT } from '../i18n/use-t.ts';

/**
 * The spec's sentence in the page's language. Its own component: the dialog's content mounts only while it is open,
 * so the shared sentences' catalogue loads when an error shows, not with every dashboard (bench bundle-size).
 */
const UnhandledRejectionText = () => {
  const sentence = useSentence();
  return <DialogContentText>{sentence(clientErrorMessages.unhandledRejection)}</DialogContentText>;
};

/** Spec section 2: unhandled rejections open this dialog, only while a user is logged in. */
export const GlobalErrorDialog = () => {
  const t = useT(commonText);
  const isLoggedIn = useIsLoggedIn();
  const isOpen = useHasUnhandledRejection() && isLoggedIn;
  return (
    <Dialog open={isOpen} onClose={dismissUnhandledRejection} aria-labelledby="global-error-title">
      <DialogTitle id="global-error-title">{t('errorDialog.title')}</DialogTitle>
      <DialogContent>
        <UnhandledRejectionText />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.location.reload()}>{t('errorDialog.reload')}</Button>
        <Button variant="contained" onClick={dismissUnhandledRejection} autoFocus>
          {t('errorDialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
