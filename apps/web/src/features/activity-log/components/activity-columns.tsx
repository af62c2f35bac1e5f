import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ACTIVITY_ACTION_LABELS, type ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

const Changes = ({ changes }: { changes: ActivityLogItem['changes'] }) =>
  changes ? (
    <Box component="ul" sx={{ m: 0, py: 1, pl: 2 }}>
      {Object.entries(changes).map(([field, change]) => (
        <Typography component="li" variant="body2" key={field} sx={{ wordBreak: 'break-word' }}>
          <strong>{field}</strong>: {show(change.before)} → {show(change.after)}
        </Typography>
      ))}
    </Box>
  ) : null;

const TwoLines = ({ first, second }: { first: string; second: string | null }) => (
  <Box sx={{ py: 1 }}>
    <Typography variant="body2">{first}</Typography>
    {second ? (
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {second}
      </Typography>
    ) : null}
  </Box>
);

export const activityColumns: GridColDef<ActivityLogItem>[] = [
  { field: 'createdAt', headerName: 'Time', width: 180, valueFormatter: (value: string) => new Date(value).toLocaleString() },
  {
    field: 'actorEmail',
    headerName: 'Actor',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => <TwoLines first={row.actorEmail ?? 'Unknown'} second={row.actorType} />,
  },
  {
    field: 'action',
    headerName: 'Action',
    flex: 1,
    minWidth: 190,
    renderCell: ({ row }) => <TwoLines first={ACTIVITY_ACTION_LABELS[row.action] ?? row.action} second={row.action} />,
  },
  { field: 'entity', headerName: 'Entity', flex: 1, minWidth: 170, renderCell: ({ row }) => <TwoLines first={row.entity} second={row.entityId} /> },
  { field: 'locationName', headerName: 'Location', flex: 1, minWidth: 160, sortable: false, valueFormatter: (value: string | null) => value ?? '—' },
  { field: 'changes', headerName: 'Changes', flex: 2, minWidth: 260, sortable: false, renderCell: ({ row }) => <Changes changes={row.changes} /> },
  { field: 'ipAddress', headerName: 'IP address', width: 140, sortable: false },
];
