import type { Charger } from '@wattdesk/shared/schemas/chargers';
import Checkbox from '@mui/material/Checkbox';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { StatusChip } from '../../../components/charger/charger-status.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

type ChargerPickerTableProps = {
  chargers: Charger[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  disabled?: boolean;
};

/** The location's chargers with a checkbox each (and one for all); Space toggles the focused box. */
export const ChargerPickerTable = ({ chargers, selected, onChange, disabled }: ChargerPickerTableProps) => {
  const t = useT(maintenanceText);
  const chosen = chargers.filter((charger) => selected.has(charger.id)).length;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <ScrollingTable size="small" aria-label={t('picker.label')}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={chosen > 0 && chosen === chargers.length}
              indeterminate={chosen > 0 && chosen < chargers.length}
              onChange={(event) => onChange(new Set(event.target.checked ? chargers.map((charger) => charger.id) : []))}
              disabled={disabled}
              slotProps={{ input: { 'aria-label': t('picker.selectAll') } }}
            />
          </TableCell>
          <TableCell>{t('column.name')}</TableCell>
          <TableCell>{t('column.chargerId')}</TableCell>
          <TableCell>{t('column.status')}</TableCell>
          <TableCell>{t('column.connection')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {chargers.map((charger) => (
          <TableRow
            key={charger.id}
            hover
            selected={selected.has(charger.id)}
            onClick={() => !disabled && toggle(charger.id)}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell padding="checkbox">
              <Checkbox
                checked={selected.has(charger.id)}
                disabled={disabled}
                onClick={(event) => event.stopPropagation()}
                onChange={() => toggle(charger.id)}
                slotProps={{ input: { 'aria-label': t('picker.select', { name: charger.name, chargerId: charger.chargerId }) } }}
              />
            </TableCell>
            <TableCell>{charger.name}</TableCell>
            <TableCell>{charger.chargerId}</TableCell>
            <TableCell>
              <StatusChip status={charger.status} />
            </TableCell>
            <TableCell>{charger.connected ? t('connection.online') : t('connection.offline')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};
