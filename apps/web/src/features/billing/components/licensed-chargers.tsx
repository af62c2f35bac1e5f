import type { License, LicensedCharger } from '@wattdesk/shared/schemas/billing';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { licenseLabel } from './license-table.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

type Props = {
  chargers: LicensedCharger[];
  licenses: License[];
  canUpdate: boolean;
  busyChargerId: string | null;
  onAssign: (charger: LicensedCharger, licenseId: string | null) => void;
};

const NONE = 'none';

/** Which licence each charger holds; the ones without a valid licence are flagged, as in the control center. */
export const LicensedChargers = ({ chargers, licenses, canUpdate, busyChargerId, onAssign }: Props) => (
  <ScrollingTable size="small" aria-label="Chargers and their licenses">
    <TableHead>
      <TableRow>
        <TableCell>Charger</TableCell>
        <TableCell>Charger id</TableCell>
        <TableCell>License</TableCell>
        <TableCell>Status</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {chargers.map((charger) => {
        const index = licenses.findIndex((license) => license.id === charger.licenseId);
        return (
          <TableRow key={charger.id}>
            <TableCell>{charger.name}</TableCell>
            <TableCell>{charger.chargerId}</TableCell>
            <TableCell>
              {canUpdate ? (
                <TextField
                  select
                  size="small"
                  value={charger.licenseId ?? NONE}
                  disabled={busyChargerId === charger.id}
                  onChange={(event) => onAssign(charger, event.target.value === NONE ? null : event.target.value)}
                  slotProps={{
                    select: { SelectDisplayProps: { 'aria-label': `License of ${charger.name}` } },
                  }}
                  sx={{ minWidth: 220 }}
                >
                  <MenuItem value={NONE}>No license</MenuItem>
                  {licenses.map((license, i) => (
                    <MenuItem key={license.id} value={license.id} disabled={license.id !== charger.licenseId && license.assigned >= license.seats}>
                      {licenseLabel(license, i)} ({license.assigned} of {license.seats} seats)
                    </MenuItem>
                  ))}
                </TextField>
              ) : index >= 0 ? (
                licenseLabel(licenses[index]!, index)
              ) : (
                'No license'
              )}
            </TableCell>
            <TableCell>
              {charger.licensed ? <Chip size="small" color="success" label="Licensed" /> : <Chip size="small" color="warning" label="Unlicensed" />}
            </TableCell>
          </TableRow>
        );
      })}
    </TableBody>
  </ScrollingTable>
);
