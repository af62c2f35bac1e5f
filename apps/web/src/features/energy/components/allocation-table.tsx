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
import { useT, type Translate } from '../../../i18n/use-t.ts';
import { energyText, type EnergyKey } from '../energy-text.ts';

const statusLabel = (charger: DpoOverview['chargers'][number], t: Translate<EnergyKey>) => {
  if (!charger.reachable) return <Chip size="small" color="error" label={t('chargers.unreachable')} />;
  if (!charger.connected) return <Chip size="small" label={t('chargers.offline')} />;
  return <Chip size="small" color="success" variant="outlined" label={t('chargers.online')} />;
};

/** Each charger's share and what it actually draws, live. */
export const AllocationTable = ({ overview, canEdit }: { overview: DpoOverview; canEdit: boolean }) => {
  const savePriority = useSavePriority();
  const t = useT(energyText);
  if (!overview.chargers.length) return <EmptyState title={t('chargers.empty')} />;
  return (
    <Section title={t('chargers.title')}>
      <ScrollingTable size="small" aria-label={t('chargers.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('chargers.charger')}</TableCell>
            <TableCell>{t('chargers.connection')}</TableCell>
            <TableCell>{t('chargers.priority')}</TableCell>
            <TableCell align="right">{t('chargers.sessions')}</TableCell>
            <TableCell align="right">{t('chargers.allocated')}</TableCell>
            <TableCell align="right">{t('chargers.actual')}</TableCell>
            <TableCell align="right">{t('chargers.rating')}</TableCell>
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
              <TableCell>{statusLabel(charger, t)}</TableCell>
              <TableCell>
                {canEdit ? (
                  <TextField
                    select
                    size="small"
                    label={t('chargers.priorityOf', { name: charger.name })}
                    sx={{ minWidth: 150 }}
                    value={charger.priority}
                    onChange={(event) => savePriority.mutate({ chargerId: charger.id, priority: event.target.value as ChargerPriority })}
                  >
                    <MenuItem value="normal">{t('priority.normal')}</MenuItem>
                    <MenuItem value="high">{t('priority.high')}</MenuItem>
                  </TextField>
                ) : (
                  t(charger.priority === 'high' ? 'priority.high' : 'priority.normal')
                )}
              </TableCell>
              <TableCell align="right">{formatCount(charger.sessions.length)}</TableCell>
              <TableCell align="right">
                {charger.sessions.length ? formatKw(charger.allocatedKw) : '—'}
                {charger.sessions.some((session) => session.profileStatus && session.profileStatus !== 'Accepted') ? (
                  <>
                    <br />
                    <small>
                      {t('chargers.notApplied', {
                        status: charger.sessions.find((session) => session.profileStatus !== 'Accepted')?.profileStatus ?? '',
                      })}
                    </small>
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
