import type { ChargingSession } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { formatDurationWords, formatKw, formatKwh } from '@wattdesk/shared/format';
import { elapsedMs } from '../../../lib/charging-format.ts';
import { formatDate, formatTime } from '../../../lib/format-time.ts';
import type { SessionsT } from '../sessions-text.ts';

/** An instant as its day over its time: a whole date-time ("Dec 16, 2026, 13:04 PST") takes 200 px on one line. */
const DayThenTime = ({ at, timeZone }: { at: string; timeZone: string | undefined }) => (
  <>
    {formatDate(at, timeZone)}
    <Box component="span" sx={{ display: 'block' }}>
      {formatTime(at, timeZone)}
    </Box>
  </>
);

/** When it stopped, and how long it ran beneath: a running session's clock ticks where its stop will be. */
const StoppedCell = ({ t, session, timeZone }: { t: SessionsT; session: ChargingSession; timeZone: string | undefined }) => (
  <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
    {session.stoppedAt ? <DayThenTime at={session.stoppedAt} timeZone={timeZone} /> : t('cell.running')}
    <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
      {session.stoppedAt ? (
        // A finished session's length reads in words, like every finished duration; only the live one ticks as a clock.
        formatDurationWords(elapsedMs(session.startedAt, session.stoppedAt, 0))
      ) : (
        <RunningDuration startedAt={session.startedAt} />
      )}
    </Box>
  </Box>
);

const StatusCell = ({ t, session }: { t: SessionsT; session: ChargingSession }) => (
  <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
    <Chip
      size="small"
      label={t(session.status === 'active' ? 'status.active' : 'status.completed')}
      color={session.status === 'active' ? 'info' : 'default'}
    />
    {session.stopReason ? (
      <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
        {session.stopReason}
      </Box>
    ) : null}
  </Box>
);

/**
 * The sessions grid, times in the location's zone (labelled). Flexible widths, days over times, the duration under
 * the stop and the stop reason under the status keep every column in view at 1440 px with the navigation open
 * (1070 px of minimum widths in the grid's 1110; e2e/tests/desktop.spec.ts).
 */
export const sessionColumns = (t: SessionsT, timeZone: string | undefined): GridColDef<ChargingSession>[] => [
  {
    field: 'transactionId',
    headerName: t('column.session'),
    width: 80,
    sortable: false,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={paths.session(row.id)}
        aria-label={t('cell.sessionLink', { number: String(row.transactionId), charger: row.chargerName })}
      >
        #{row.transactionId}
      </Link>
    ),
  },
  {
    field: 'chargerName',
    headerName: t('column.charger'),
    flex: 1.2,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.chargerName}
        <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
          {t('cell.connector', { code: row.chargerCode, connector: String(row.connectorId) })}
        </Box>
      </Box>
    ),
  },
  {
    field: 'idTag',
    headerName: t('column.driver'),
    flex: 0.9,
    // A 14-character id tag on one line.
    minWidth: 150,
    sortable: false,
    // The driver's name where the tag belongs to one, the tag under it; an unknown tag is all there is.
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.driverName ?? row.idTag}
        {row.driverName ? (
          <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
            {row.idTag}
          </Box>
        ) : null}
      </Box>
    ),
  },
  {
    field: 'startedAt',
    headerName: t('column.started'),
    flex: 1,
    minWidth: 130,
    renderCell: ({ row }) => (
      <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
        <DayThenTime at={row.startedAt} timeZone={timeZone} />
      </Box>
    ),
  },
  {
    field: 'stoppedAt',
    headerName: t('column.stopped'),
    flex: 1,
    minWidth: 130,
    renderCell: ({ row }) => <StoppedCell t={t} session={row} timeZone={timeZone} />,
  },
  {
    field: 'energyKwh',
    headerName: t('column.energy'),
    width: 100,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number) => formatKwh(value),
  },
  {
    field: 'powerKw',
    headerName: t('column.power'),
    width: 80,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    valueFormatter: (value: number | null, row) => (row.status === 'active' ? formatKw(value) : '—'),
  },
  {
    field: 'cost',
    headerName: t('column.cost'),
    width: 110,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    // A running session shows the engine's estimate so far, marked as such.
    valueFormatter: (value: ChargingSession['cost']) =>
      value
        ? value.final
          ? formatMinor(value.total, value.currency)
          : t('cell.costSoFar', { amount: formatMinor(value.total, value.currency) })
        : '—',
  },
  { field: 'status', headerName: t('column.status'), width: 120, sortable: false, renderCell: ({ row }) => <StatusCell t={t} session={row} /> },
];
