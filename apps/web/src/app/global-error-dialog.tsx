import { clientErrorMessages } from '@wattdesk/shared/messages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useIsLoggedIn } from '../lib/session-store.ts';
import { dismissUnhandledRejection, useHasUnhandledRejection } from '../lib/unhandled-rejections.ts';

/** Spec section 2: unhandled rejections open this dialog, only while a user is logged in. */
export const GlobalErrorDialog = () => {
  const isLoggedIn = useIsLoggedIn();
  const isOpen = useHasUnhandledRejection() && isLoggedIn;
  return (
    <Dialog open={isOpen} onClose={dismissUnhandledRejection} aria-labelledby="global-error-title">
      <DialogTitle id="global-error-title">Error</DialogTitle>
      <DialogContent>
        <DialogContentText>{clientErrorMessages.unhandledRejection}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="contained" onClick={dismissUnhandledRejection} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
};
