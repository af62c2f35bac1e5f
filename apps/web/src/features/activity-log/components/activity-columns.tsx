import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ACTIVITY_ACTION_LABELS, type ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';
import { formatDateTime } from '../../../lib/format-time.ts';

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
  // Each row in its location's zone (the viewer's for rows without one), labelled.
  {
    field: 'createdAt',
    headerName: 'Time',
    width: 190,
    valueFormatter: (value: string, row) => formatDateTime(value, row.locationTimeZone, { seconds: true }),
  },
  {
    field: 'actorEmail',
    headerName: 'Actor',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <TwoLines
        first={row.actorName ?? row.actorEmail ?? 'Unknown'}
        second={[row.actorName ? row.actorEmail : null, row.actorType].filter(Boolean).join(' · ')}
      />
    ),
  },
  {
    field: 'action',
    headerName: 'Action',
    flex: 1,
    minWidth: 190,
    renderCell: ({ row }) => <TwoLines first={ACTIVITY_ACTION_LABELS[row.action] ?? row.action} second={row.action} />,
  },
  {
    field: 'entity',
    headerName: 'Entity',
    flex: 1,
    minWidth: 170,
    // The name where one exists; the id stays for rows that name nothing (or what is gone).
    renderCell: ({ row }) => <TwoLines first={row.entityName ?? row.entity} second={row.entityName ? row.entity : row.entityId} />,
  },
  { field: 'locationName', headerName: 'Location', flex: 1, minWidth: 160, sortable: false, valueFormatter: (value: string | null) => value ?? '—' },
  { field: 'changes', headerName: 'Changes', flex: 2, minWidth: 260, sortable: false, renderCell: ({ row }) => <Changes changes={row.changes} /> },
  { field: 'ipAddress', headerName: 'IP address', width: 140, sortable: false },
];
