import type { SessionDetail } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { formatDurationWords } from '@wattdesk/shared/format';
import { elapsedMs, formatKw, formatKwh } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { sessionsText } from '../sessions-text.ts';

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
export const SessionSummary = ({ session, timeZone }: { session: SessionDetail; timeZone: string | undefined }) => {
  const t = useT(sessionsText);
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      <Fact label={t('summary.status')}>
        <Chip
          size="small"
          label={t(session.status === 'active' ? 'status.active' : 'status.completed')}
          color={session.status === 'active' ? 'info' : 'default'}
        />
      </Fact>
      <Fact label={t('summary.driver')}>{session.driverName ? `${session.driverName} (${session.idTag})` : session.idTag}</Fact>
      <Fact label={t('summary.started')}>{formatDateTime(session.startedAt, timeZone)}</Fact>
      <Fact label={t('summary.stopped')}>{session.stoppedAt ? formatDateTime(session.stoppedAt, timeZone) : t('summary.running')}</Fact>
      <Fact label={t('summary.duration')}>
        {session.stoppedAt ? (
          formatDurationWords(elapsedMs(session.startedAt, session.stoppedAt, 0))
        ) : (
          <RunningDuration startedAt={session.startedAt} />
        )}
      </Fact>
      <Fact label={t('summary.energy')}>{formatKwh(session.energyKwh)}</Fact>
      <Fact label={t('summary.power')}>{session.status === 'active' ? formatKw(session.powerKw) : '—'}</Fact>
      <Fact label={t('summary.stopReason')}>{session.stopReason ?? '—'}</Fact>
    </Box>
  );
};
