import { formatCount } from '@wattdesk/shared/format';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useDeferredValue, useMemo, useState } from 'react';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { Can, useCan } from '../../../lib/can.tsx';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useLocations } from '../../../lib/queries/locations.ts';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { locationsText, type LocationsT } from '../locations-text.ts';
import { ResellerBulkActions } from './reseller-bulk-actions.tsx';

type ResellerFilter = '' | 'true' | 'false';

const columnsFor = (t: LocationsT, onOpen: (id: string) => void): GridColDef<LocationListItem>[] => [
  { field: 'name', headerName: t('column.name'), flex: 2, minWidth: 200 },
  { field: 'city', headerName: t('column.city'), flex: 1, minWidth: 140 },
  // Formatted in the page's language (the grid's own number format follows the browser's).
  { field: 'chargerCount', headerName: t('column.chargers'), type: 'number', width: 110, valueFormatter: (value: number) => formatCount(value) },
  {
    field: 'hasReseller',
    headerName: t('column.reseller'),
    width: 130,
    sortable: false,
    renderCell: ({ row }) =>
      row.hasReseller ? (
        <Chip size="small" color="secondary" label={t('cell.reseller')} />
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('cell.notReseller')}
        </Box>
      ),
  },
  {
    field: 'actions',
    type: 'actions',
    headerName: t('column.open'),
    width: 80,
    getActions: ({ row }) => [
      <GridActionsCellItem key="open" icon={<ArrowForwardIcon />} label={t('action.open', { name: row.name })} onClick={() => onOpen(row.id)} />,
    ],
  },
];

/**
 * Every location in reach, for users with Locations_Multi while no location is selected. Those who may
 * change the reseller flag tick rows here and set or clear it on all of them at once.
 */
export const LocationsOverview = () => {
  const t = useT(locationsText);
  const can = useCan();
  const select = useSelectedLocation((state) => state.select);
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const [reseller, setReseller] = useState<ResellerFilter>('');
  // Ids with their names, kept while the user pages or searches, so the confirmation can name them.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const table = useServerTable({ sort: 'name', resetOn: [search, reseller] });
  const locations = useLocations({ search: search || undefined, hasReseller: reseller || undefined, ...table.params });
  const rows = locations.data?.items;
  const columns = useMemo(() => columnsFor(t, select), [t, select]);
  const selectedIds = useMemo(() => [...selected.keys()], [selected]);
  const selectedLocations = useMemo(() => [...selected].map(([id, name]) => ({ id, name })), [selected]);
  const handleSelectionChange = (ids: string[]) =>
    setSelected((current) => new Map(ids.map((id) => [id, rows?.find((row) => row.id === id)?.name ?? current.get(id) ?? id])));

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          margin="none"
          label={t('overview.search')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          sx={{ width: 260 }}
        />
        <TextField
          select
          size="small"
          margin="none"
          label={t('overview.reseller')}
          value={reseller}
          onChange={(event) => setReseller(event.target.value as ResellerFilter)}
          sx={{ width: 170 }}
        >
          <MenuItem value="">{t('overview.any')}</MenuItem>
          <MenuItem value="true">{t('overview.isReseller')}</MenuItem>
          <MenuItem value="false">{t('overview.notReseller')}</MenuItem>
        </TextField>
        <Can permission="Locations_Reseller_Update">
          <ResellerBulkActions selected={selectedLocations} onDone={() => setSelected(new Map())} />
        </Can>
      </Box>
      <ServerDataGrid
        label={t('grid.label')}
        rows={rows ?? []}
        columns={columns}
        total={locations.data?.total ?? 0}
        isLoading={locations.isFetching}
        {...table.grid}
        noRowsLabel={t(search || reseller ? 'grid.noMatch' : 'grid.empty')}
        {...(can('Locations_Reseller_Update') ? { selection: { ids: selectedIds, onChange: handleSelectionChange } } : {})}
      />
    </Paper>
  );
};
