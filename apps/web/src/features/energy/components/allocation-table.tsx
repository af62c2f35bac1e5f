import { formatCount } from '@wattdesk/shared/format';
import type { ChargerPriority, DpoOverview } from '@wattdesk/shared/schemas/energy';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSavePriority } from '../api/dpo-api.ts';
import { formatKw, Section } from './section.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

const statusLabel = (charger: DpoOverview['chargers'][number]) => {
  if (!charger.reachable) return <Chip size="small" color="error" label="Unreachable (gateway offline)" />;
  if (!charger.connected) return <Chip size="small" label="Offline" />;
  return <Chip size="small" color="success" variant="outlined" label="Online" />;
};

/** Each charger's share and what it actually draws, live. */
export const AllocationTable = ({ overview, canEdit }: { overview: DpoOverview; canEdit: boolean }) => {
  const savePriority = useSavePriority();
  if (!overview.chargers.length) return <EmptyState title="No chargers at this location" />;
  return (
    <Section title="Chargers">
      <ScrollingTable size="small" aria-label="Allocated and actual power per charger">
        <TableHead>
          <TableRow>
            <TableCell>Charger</TableCell>
            <TableCell>Connection</TableCell>
            <TableCell>Priority</TableCell>
            <TableCell align="right">Sessions</TableCell>
            <TableCell align="right">Allocated</TableCell>
            <TableCell align="right">Actual</TableCell>
            <TableCell align="right">Rating</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overview.chargers.map((charger) => (
            <TableRow key={charger.id} data-testid={`dpo-row-${charger.chargerId}`}>
              <TableCell>
                {charger.name}
                <br />
                <small>{charger.chargerId}</small>
              </TableCell>
              <TableCell>{statusLabel(charger)}</TableCell>
              <TableCell>
                {canEdit ? (
                  <TextField
                    select
                    size="small"
                    label={`Priority of ${charger.name}`}
                    sx={{ minWidth: 150 }}
                    value={charger.priority}
                    onChange={(event) => savePriority.mutate({ chargerId: charger.id, priority: event.target.value as ChargerPriority })}
                  >
                    <MenuItem value="normal">Normal</MenuItem>
                    <MenuItem value="high">High</MenuItem>
                  </TextField>
                ) : charger.priority === 'high' ? (
                  'High'
                ) : (
                  'Normal'
                )}
              </TableCell>
              <TableCell align="right">{formatCount(charger.sessions.length)}</TableCell>
              <TableCell align="right">
                {charger.sessions.length ? formatKw(charger.allocatedKw) : '—'}
                {charger.sessions.some((session) => session.profileStatus && session.profileStatus !== 'Accepted') ? (
                  <>
                    <br />
                    <small>Not applied: {charger.sessions.find((session) => session.profileStatus !== 'Accepted')?.profileStatus}</small>
                  </>
                ) : null}
              </TableCell>
              <TableCell align="right">{charger.sessions.length ? formatKw(charger.actualKw) : '—'}</TableCell>
              <TableCell align="right">{formatKw(charger.maxPowerKw)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
    </Section>
  );
};
