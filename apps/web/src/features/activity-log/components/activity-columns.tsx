import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';
import { EmailText } from '../../../components/data-grid/email-text.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { actionLabel, entityLabel, type ActivityLogT } from '../activity-log-text.ts';

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
      <Typography variant="caption" color="text.secondary">
        {second}
      </Typography>
    ) : null}
  </Box>
);

/** Who acted, and from which address beneath: one column instead of two keeps the grid within 1440 px. */
const ActorCell = ({ row, t }: { row: ActivityLogItem; t: ActivityLogT }) => {
  // The address goes beneath when a name stands above it; alone, it is the first line.
  const emailBeneath = row.actorName ? row.actorEmail : null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2">{row.actorName ?? (row.actorEmail ? <EmailText email={row.actorEmail} /> : t('actor.unknown'))}</Typography>
      {emailBeneath || row.actorType ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {emailBeneath ? <EmailText email={emailBeneath} /> : null}
          {emailBeneath && row.actorType ? ' · ' : null}
          {row.actorType}
        </Typography>
      ) : null}
      {row.ipAddress ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('actor.from', { ip: row.ipAddress })}
        </Typography>
      ) : null}
    </Box>
  );
};

/**
 * The activity grid: 1045 px of minimum widths, within the grid's 1110 at 1440 px with the navigation open
 * (e2e/tests/desktop.spec.ts); long values wrap in their growing rows.
 */
export const activityColumns = (t: ActivityLogT): GridColDef<ActivityLogItem>[] => [
  // Each row in its location's zone (the viewer's for rows without one), labelled.
  {
    field: 'createdAt',
    headerName: t('column.time'),
    // "Nov 17, 2026, 22:12:44 PST" on one line.
    width: 225,
    valueFormatter: (value: string, row) => formatDateTime(value, row.locationTimeZone, { seconds: true }),
  },
  { field: 'actorEmail', headerName: t('column.actor'), flex: 1, minWidth: 180, renderCell: ({ row }) => <ActorCell row={row} t={t} /> },
  {
    field: 'action',
    headerName: t('column.action'),
    flex: 1,
    minWidth: 150,
    renderCell: ({ row }) => <TwoLines first={actionLabel(t, row.action)} second={row.action} />,
  },
  {
    field: 'entity',
    headerName: t('column.entity'),
    flex: 1,
    minWidth: 170,
    // The name where one exists; the id stays for rows that name nothing (or what is gone).
    renderCell: ({ row }) => <TwoLines first={row.entityName ?? entityLabel(t, row.entity)} second={row.entityName ? row.entity : row.entityId} />,
  },
  {
    field: 'locationName',
    headerName: t('column.location'),
    flex: 1,
    minWidth: 130,
    sortable: false,
    valueFormatter: (value: string | null) => value ?? '—',
  },
  {
    field: 'changes',
    headerName: t('column.changes'),
    flex: 2,
    minWidth: 190,
    sortable: false,
    renderCell: ({ row }) => <Changes changes={row.changes} />,
  },
];
