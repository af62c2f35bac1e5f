// The data grid's texts of one language (pager, menus): loaded with the first grid, not with every screen.
export { deDE as grid } from '@mui/x-data-grid/locales';
