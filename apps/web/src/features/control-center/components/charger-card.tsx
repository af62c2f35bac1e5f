import { LICENSE_GRACE_DAYS } from '@wattdesk/shared/constants';
import { formatNumber } from '@wattdesk/shared/format';
import type { Charger } from '@wattdesk/shared/schemas/chargers';
import EvStationIcon from '@mui/icons-material/EvStation';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import { ActiveSessionSummary } from '../../../components/charger/active-session-summary.tsx';
import { ConnectionLabel, ConnectorChip, StatusChip } from '../../../components/charger/charger-status.tsx';
import { SessionsLink } from '../../../components/charger/sessions-link.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { controlCenterText } from '../control-center-text.ts';

type ChargerCardProps = { charger: Charger; showLocation: boolean; onOpen: (charger: Charger) => void };

/** One charger as it is now: status, connection, each connector and any running session (or, offline, what it last reported). */
export const ChargerCard = ({ charger, showLocation, onOpen }: ChargerCardProps) => {
  const t = useT(controlCenterText);
  // Connector 0 is the charger as a whole: its state is already in the overall status. An offline charger's
  // connectors and sessions are only what it last said: the connection line sums that up instead.
  const connectors = charger.connected ? charger.connectors.filter((connector) => connector.connectorId > 0) : [];
  const sessions = charger.connected ? charger.activeSessions : [];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={charger.name}
      data-status={charger.status}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <EvStationIcon color="action" />
          <Typography component="h2" sx={{ fontWeight: 600, flex: 1 }} noWrap>
            {charger.name}
          </Typography>
          <StatusChip status={charger.status} demoNotConnected={charger.demoNotConnected} />
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap>
          {charger.chargerId} · {charger.kind.toUpperCase()} · {formatNumber(charger.maxPowerKw, { decimals: true })} kW
        </Typography>
        {showLocation ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {charger.locationName}
          </Typography>
        ) : null}
        {charger.licensed ? null : (
          // The License menu assigns seats; a charger without a valid one is flagged wherever it is listed.
          // The rule as components/charger/license-rule.ts words it in English, here in the page's language.
          <Tooltip title={t('card.unlicensedRule', { days: LICENSE_GRACE_DAYS })}>
            <Chip size="small" color="warning" variant="outlined" label={t('card.noLicense')} sx={{ my: 0.5 }} />
          </Tooltip>
        )}
        <Typography variant="caption" component="p">
          <ConnectionLabel
            connected={charger.connected}
            lastSeenAt={charger.lastSeenAt}
            lastKnownStatus={charger.lastKnownStatus}
            demoNotConnected={charger.demoNotConnected}
          />
        </Typography>
        {connectors.length ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} aria-label={t('card.connectors')} role="list">
            {connectors.map((connector) => (
              <span role="listitem" key={connector.connectorId}>
                <ConnectorChip connector={connector} />
              </span>
            ))}
          </Box>
        ) : null}
        {sessions.map((session) => (
          <ActiveSessionSummary key={session.id} session={session} />
        ))}
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        <Button size="small" startIcon={<TuneIcon />} onClick={() => onOpen(charger)} aria-label={t('card.manageName', { name: charger.name })}>
          {t('card.manage')}
        </Button>
        <SessionsLink size="small" charger={charger} />
      </CardActions>
    </Card>
  );
};
