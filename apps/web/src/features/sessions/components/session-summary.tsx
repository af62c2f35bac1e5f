import type { SessionDetail } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { formatDurationWords } from '@wattdesk/shared/format';
import { elapsedMs, formatKw, formatKwh } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Typography>
  </Box>
);

/** The session in figures; the duration ticks while it runs. */
export const SessionSummary = ({ session, timeZone }: { session: SessionDetail; timeZone: string | undefined }) => (
  <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
    <Fact label="Status">
      <Chip size="small" label={session.status === 'active' ? 'Active' : 'Completed'} color={session.status === 'active' ? 'info' : 'default'} />
    </Fact>
    <Fact label="Driver (id tag)">{session.driverName ? `${session.driverName} (${session.idTag})` : session.idTag}</Fact>
    <Fact label="Started">{formatDateTime(session.startedAt, timeZone)}</Fact>
    <Fact label="Stopped">{session.stoppedAt ? formatDateTime(session.stoppedAt, timeZone) : 'Running'}</Fact>
    <Fact label="Duration">
      {session.stoppedAt ? (
        formatDurationWords(elapsedMs(session.startedAt, session.stoppedAt, 0))
      ) : (
        <RunningDuration startedAt={session.startedAt} />
      )}
    </Fact>
    <Fact label="Energy">{formatKwh(session.energyKwh)}</Fact>
    <Fact label="Power">{session.status === 'active' ? formatKw(session.powerKw) : '—'}</Fact>
    <Fact label="Stop reason">{session.stopReason ?? '—'}</Fact>
  </Box>
);
