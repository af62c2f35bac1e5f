// The pseudo-locale's MUI texts (i18n/pseudo.ts), accented and bracketed, in a chunk of their own. MUI's English is
// its components' defaults, not a locale object (`enUS` of @mui/material/locale is empty): the texts a screen shows
// are written out here in English, so that a table's pager reads as translated text in this mode too.
import { pseudoTexts } from '../pseudo.ts';

type DisplayedRows = { from: number; to: number; count: number };

const materialEnglish = {
  components: {
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: 'Rows per page:',
        labelDisplayedRows: ({ from, to, count }: DisplayedRows) => `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
        getItemAriaLabel: (type: string) => `Go to ${type} page`,
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Close' } },
    MuiAutocomplete: {
      defaultProps: { clearText: 'Clear', closeText: 'Close', loadingText: 'Loading…', noOptionsText: 'No options', openText: 'Open' },
    },
    MuiBreadcrumbs: { defaultProps: { expandText: 'Show path' } },
  },
};

export const material = pseudoTexts(materialEnglish);
