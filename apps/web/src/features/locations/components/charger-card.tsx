import type { Charger } from '@wattdesk/shared/schemas/chargers';
import EvStationIcon from '@mui/icons-material/EvStation';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ActiveSessionSummary } from './active-session-summary.tsx';
import { ConnectionLabel, ConnectorChip, StatusChip } from './charger-status.tsx';
import { SessionsLink } from './sessions-link.tsx';

type ChargerCardProps = { charger: Charger; showLocation: boolean; onOpen: (charger: Charger) => void };

/** One charger as it is now: status, connection, each connector and any running session. */
export const ChargerCard = ({ charger, showLocation, onOpen }: ChargerCardProps) => {
  // Connector 0 is the charger as a whole: its state is already in the overall status.
  const connectors = charger.connectors.filter((connector) => connector.connectorId > 0);
  return (
  <Card variant="outlined" component="article" aria-label={charger.name} data-status={charger.status} sx={{ display: 'flex', flexDirection: 'column' }}>
    <CardContent sx={{ flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <EvStationIcon color="action" />
        <Typography component="h2" sx={{ fontWeight: 600, flex: 1 }} noWrap>
          {charger.name}
        </Typography>
        <StatusChip status={charger.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {charger.chargerId} · {charger.kind.toUpperCase()} · {charger.maxPowerKw} kW
      </Typography>
      {showLocation ? (
        <Typography variant="body2" color="text.secondary" noWrap>
          {charger.locationName}
        </Typography>
      ) : null}
      <Typography variant="caption" component="p">
        <ConnectionLabel connected={charger.connected} lastSeenAt={charger.lastSeenAt} />
      </Typography>
      {connectors.length ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} aria-label="Connectors" role="list">
          {connectors.map((connector) => (
            <span role="listitem" key={connector.connectorId}>
              <ConnectorChip connector={connector} />
            </span>
          ))}
        </Box>
      ) : null}
      {charger.activeSessions.map((session) => (
        <ActiveSessionSummary key={session.id} session={session} />
      ))}
    </CardContent>
    <CardActions sx={{ pt: 0 }}>
      <Button size="small" startIcon={<TuneIcon />} onClick={() => onOpen(charger)} aria-label={`Manage ${charger.name}`}>
        Manage
      </Button>
      <SessionsLink size="small" charger={charger} />
    </CardActions>
  </Card>
  );
};
