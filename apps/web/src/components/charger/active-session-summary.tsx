import type { ActiveSession } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RunningDuration } from '../running-duration.tsx';
import { formatKw, formatKwh } from '../../lib/charging-format.ts';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { useT } from '../../i18n/use-t.ts';
import { partsText } from '../parts-text.ts';

/** `testId`: the English word, so tests find the figure in any language. */
const Item = ({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) => (
  <Box>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={`session-${testId}`}>
      {children}
    </Typography>
  </Box>
);

/** The running session of a connector: energy so far, power now, the cost so far and a duration that ticks every second. */
export const ActiveSessionSummary = ({ session }: { session: ActiveSession }) => {
  const t = useT(partsText);
  return (
    <Box
      component="section"
      aria-label={t('session.label', { connector: session.connectorId })}
      data-testid="active-session"
      sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {t('session.connector', { connector: session.connectorId })} ·{' '}
        {session.driverName ? `${session.driverName} (${session.idTag})` : session.idTag}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(72px, 1fr))', gap: 1 }}>
        <Item label={t('session.energy')} testId="energy">
          {formatKwh(session.energyKwh)}
        </Item>
        <Item label={t('session.power')} testId="power">
          {formatKw(session.powerKw)}
        </Item>
        {/* The pricing engine's estimate of what the session costs so far, with the location's tariff. */}
        <Item label={t('session.cost')} testId="cost">
          {session.cost ? formatMinor(session.cost.total, session.cost.currency) : '—'}
        </Item>
        <Item label={t('session.duration')} testId="duration">
          <RunningDuration startedAt={session.startedAt} />
        </Item>
      </Box>
    </Box>
  );
};
