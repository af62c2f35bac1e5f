import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

/**
 * The keyboard focus ring (docs/accessibility.md): navy, 8:1 on white and at least 3:1 on every surface
 * it sits on, so it is seen on the green primary buttons as well as on grey selected items.
 */
export const FOCUS_RING_COLOR = '#1d4f91';
const FOCUS_RING = `3px solid ${FOCUS_RING_COLOR}`;
/** Inside the element, for items in scrolling containers (menus, the side navigation) that would clip an outer ring. */
const insetRing = { '&.Mui-focusVisible': { outline: FOCUS_RING, outlineOffset: -3 } };

/**
 * Light and dark, following the system setting until the user picks one in the account menu (MUI keeps the choice
 * in localStorage). Dark colours are lighter tints of the same hues, with dark text on the filled ones, so text and
 * chips keep 4.5:1 on the dark surfaces.
 */
export const theme = createTheme({
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#0b7a53', contrastText: '#ffffff' },
        secondary: { main: '#1d4f91' },
        // MUI's default info (#0288d1) and warning (#ed6c02) carry white chip text at 3.9:1 and 3.1:1; these reach 4.8:1 and 5:1.
        info: { main: '#0277bd', contrastText: '#ffffff' },
        warning: { main: '#b45309', contrastText: '#ffffff' },
        background: { default: '#f4f6f8' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#4cc38a', contrastText: '#0b1a13' },
        secondary: { main: '#8fb4ec', contrastText: '#0b1526' },
        info: { main: '#64b5f6', contrastText: '#0b1526' },
        warning: { main: '#f5a524', contrastText: '#1f1300' },
        background: { default: '#0f1419', paper: '#161c22' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // `html` outweighs the `outline: 0` MUI's components set on their own class.
        // MUI marks keyboard focus with .Mui-focusVisible where the focused element is hidden (a checkbox's input).
        'html :focus-visible, html .Mui-focusVisible': { outline: FOCUS_RING, outlineOffset: 2 },
        // A file button: the visually hidden input inside takes focus, the button shows it.
        'html .MuiButton-root:has(> input:focus-visible)': { outline: FOCUS_RING, outlineOffset: 2 },
        // A text field shows focus on its whole box (below), not on the bare input inside it.
        'html .MuiInputBase-root :focus-visible': { outline: 'none' },
        // Headings and the main area take focus only from the app (after navigation, the skip link): no ring.
        'html [tabindex="-1"]:is(h1, main):focus': { outline: 'none' },
      },
    },
    MuiInputBase: {
      styleOverrides: { root: { '&.Mui-focused': { outline: FOCUS_RING, outlineOffset: 2 } } },
    },
    MuiMenuItem: { styleOverrides: { root: insetRing } },
    MuiListItemButton: { styleOverrides: { root: insetRing } },
    MuiAutocomplete: { styleOverrides: { option: insetRing } },
    // The grid's own cell focus is a faint 1 px line; the arrow keys' cell gets the ring, inside the cell.
    MuiDataGrid: {
      styleOverrides: {
        root: {
          '& .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus-within': {
            outline: `2px solid ${FOCUS_RING_COLOR}`,
            outlineOffset: -2,
          },
          // Rows that grow with their content wrap it (MUI's own rule); these let what has no break either (an e-mail
          // address, an id tag, a chip's long location name) wrap too, rather than end cut at the column's edge (issue 39).
          '& .MuiDataGrid-row--dynamicHeight > .MuiDataGrid-cell': { overflowWrap: 'anywhere' },
          '& .MuiDataGrid-row--dynamicHeight .MuiChip-root': { height: 'auto', minHeight: 24 },
          '& .MuiDataGrid-row--dynamicHeight .MuiChip-label': { whiteSpace: 'normal', paddingBlock: 2 },
        },
      },
    },
    MuiDialog: {
      defaultProps: { maxWidth: false },
      styleOverrides: { paper: { width: DIALOG_DEFAULT_WIDTH_PX, maxWidth: 'calc(100% - 32px)' } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
