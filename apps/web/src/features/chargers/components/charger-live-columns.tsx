import type { Charger } from '@wattdesk/shared/schemas/chargers';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { formatKw, formatKwh } from '../../../lib/charging-format.ts';
import { ConnectionLabel, ConnectorChip } from '../../../components/charger/charger-status.tsx';
import type { ChargersT } from '../chargers-text.ts';

/** Connection, each connector and the running session, in one cell. */
const LiveState = ({ charger }: { charger: Charger }) => (
  <Box sx={{ py: 0.75, display: 'grid', gap: 0.5, justifyItems: 'start' }}>
    <ConnectionLabel
      connected={charger.connected}
      lastSeenAt={charger.lastSeenAt}
      lastKnownStatus={charger.lastKnownStatus}
      demoNotConnected={charger.demoNotConnected}
    />
    {charger.connectors.some((connector) => connector.connectorId > 0) ? (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {charger.connectors
          .filter((connector) => connector.connectorId > 0)
          .map((connector) => (
            <ConnectorChip key={connector.connectorId} connector={connector} />
          ))}
      </Box>
    ) : null}
    {charger.activeSessions.map((session) => (
      <Box key={session.id} sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="active-session">
        {formatKwh(session.energyKwh)} · {formatKw(session.powerKw)} · <RunningDuration startedAt={session.startedAt} />
      </Box>
    ))}
  </Box>
);

/** What the chargers report live; an offline charger says when it was last seen. */
export const liveColumns = (t: ChargersT): GridColDef<Charger>[] => [
  {
    field: 'connected',
    headerName: t('column.now'),
    flex: 1.4,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <LiveState charger={row} />,
  },
];
