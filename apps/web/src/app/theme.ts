import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b7a53', contrastText: '#ffffff' },
    secondary: { main: '#1d4f91' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiDialog: {
      defaultProps: { maxWidth: false },
      styleOverrides: { paper: { width: DIALOG_DEFAULT_WIDTH_PX, maxWidth: 'calc(100% - 32px)' } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
