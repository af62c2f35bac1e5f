// One language's MUI texts in a chunk of its own: named imports, so the bundle keeps this language only.
export { deDE as material } from '@mui/material/locale';
export { deDE as grid } from '@mui/x-data-grid/locales';
