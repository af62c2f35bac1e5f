// One language's MUI texts in a chunk of its own: named imports, so the bundle keeps this language only.
export { frFR as material } from '@mui/material/locale';
export { frFR as grid } from '@mui/x-data-grid/locales';
