// One language's MUI texts in a chunk of their own: named imports, so the bundle keeps this language only.
export { esES as material } from '@mui/material/locale';
