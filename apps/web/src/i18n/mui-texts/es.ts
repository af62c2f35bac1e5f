// One language's MUI texts in a chunk of its own: named imports, so the bundle keeps this language only.
export { esES as material } from '@mui/material/locale';
export { esES as grid } from '@mui/x-data-grid/locales';
