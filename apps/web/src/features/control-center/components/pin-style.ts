import type { PinStatus } from '@wattdesk/shared/pin-status';
import type { Palette } from '@mui/material/styles';

/** The catalogue's word for a status, in the legend, the list and the pin's tooltip: the colour is never the only cue. */
export const pinLabelKey = (status: PinStatus) => `status.${status}` as const;

/** The status cards' colours, so a pin and its card agree; read from the theme because Leaflet needs a colour value. */
export const pinColor = (palette: Palette, status: PinStatus): string =>
  ({
    faulted: palette.error.main,
    offline: palette.grey[600],
    maintenance: palette.warning.main,
    charging: palette.info.main,
    available: palette.success.main,
    empty: palette.grey[400],
  })[status];
