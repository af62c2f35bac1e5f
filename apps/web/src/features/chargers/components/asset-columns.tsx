import type { Permission } from '@wattdesk/shared/permissions';
import type { Charger } from '@wattdesk/shared/schemas/chargers';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { ReactElement } from 'react';
import { StatusChip } from '../../../components/charger/charger-status.tsx';
import type { ChargersKey, ChargersT } from '../chargers-text.ts';
import { liveColumns } from './charger-live-columns.tsx';

export type AssetAction = 'manage' | 'sessions' | 'edit' | 'move' | 'delete';

/** Each action's label names the charger: "Manage Bay 1". */
const ACTIONS: { action: AssetAction; label: ChargersKey; icon: ReactElement; permission?: Permission }[] = [
  { action: 'manage', label: 'action.manage', icon: <TuneIcon /> },
  { action: 'sessions', label: 'action.sessions', icon: <ListAltIcon />, permission: 'Charging_Sessions_View' },
  { action: 'edit', label: 'action.edit', icon: <EditIcon />, permission: 'Chargers_Update' },
  { action: 'move', label: 'action.move', icon: <DriveFileMoveIcon />, permission: 'Chargers_Move' },
  { action: 'delete', label: 'action.delete', icon: <DeleteIcon />, permission: 'Chargers_Delete' },
];

/** The name with the charger id beneath: one column instead of two keeps the grid within 1440 px. */
const NameCell = ({ charger }: { charger: Charger }) => (
  <Box sx={{ py: 0.75, minWidth: 0 }}>
    <Box sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}>{charger.name}</Box>
    <Box sx={{ color: 'text.secondary', typography: 'caption', overflow: 'hidden', textOverflow: 'ellipsis' }}>{charger.chargerId}</Box>
  </Box>
);

type AssetColumnsOptions = {
  t: ChargersT;
  can: (permission: Permission) => boolean;
  showLocation: boolean;
  onAction: (action: AssetAction, charger: Charger) => void;
};

/**
 * The Assets grid: flexible widths that fit a 1440 px screen with the navigation open (1064 px of minimum widths with
 * the location column, in the grid's 1110; e2e/tests/desktop.spec.ts); actions by permission.
 */
export const assetColumns = ({ t, can, showLocation, onAction }: AssetColumnsOptions): GridColDef<Charger>[] => {
  const allowed = ACTIONS.filter((item) => !item.permission || can(item.permission));
  return [
    { field: 'name', headerName: t('column.name'), flex: 1.2, minWidth: 150, renderCell: ({ row }) => <NameCell charger={row} /> },
    ...(showLocation ? [{ field: 'locationName', headerName: t('column.location'), flex: 1, minWidth: 130, sortable: false }] : []),
    { field: 'kind', headerName: t('column.kind'), width: 80, valueFormatter: (value: string) => value.toUpperCase() },
    { field: 'model', headerName: t('column.model'), flex: 0.8, minWidth: 110, sortable: false },
    {
      field: 'status',
      headerName: t('column.status'),
      // "Not connected (demo)", the longest chip, whole.
      width: 190,
      renderCell: ({ row }) => <StatusChip status={row.status} demoNotConnected={row.demoNotConnected} />,
    },
    ...liveColumns(t),
    {
      field: 'actions',
      type: 'actions',
      headerName: t('column.actions'),
      width: allowed.length * 36 + 24,
      getActions: ({ row }) =>
        allowed.map((item) => (
          <GridActionsCellItem
            key={item.action}
            icon={item.icon}
            label={t(item.label, { name: row.name })}
            onClick={() => onAction(item.action, row)}
          />
        )),
    },
  ];
};
