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
import { useT } from '../../../i18n/use-t.ts';
import { billingText } from '../billing-text.ts';

type Props = {
  chargers: LicensedCharger[];
  licenses: License[];
  canUpdate: boolean;
  busyChargerId: string | null;
  onAssign: (charger: LicensedCharger, licenseId: string | null) => void;
};

const NONE = 'none';

/** Which licence each charger holds; the ones without a valid licence are flagged, as in the control center. */
export const LicensedChargers = ({ chargers, licenses, canUpdate, busyChargerId, onAssign }: Props) => {
  const t = useT(billingText);
  return (
    <ScrollingTable size="small" aria-label={t('chargers.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('chargers.column.charger')}</TableCell>
          <TableCell>{t('chargers.column.chargerId')}</TableCell>
          <TableCell>{t('chargers.column.license')}</TableCell>
          <TableCell>{t('chargers.column.status')}</TableCell>
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
                      select: { SelectDisplayProps: { 'aria-label': t('chargers.licenseOf', { name: charger.name }) } },
                    }}
                    sx={{ minWidth: 220 }}
                  >
                    <MenuItem value={NONE}>{t('chargers.noLicense')}</MenuItem>
                    {licenses.map((license, i) => (
                      <MenuItem key={license.id} value={license.id} disabled={license.id !== charger.licenseId && license.assigned >= license.seats}>
                        {t('chargers.option', { license: licenseLabel(t, i), assigned: license.assigned, seats: license.seats })}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : index >= 0 ? (
                  licenseLabel(t, index)
                ) : (
                  t('chargers.noLicense')
                )}
              </TableCell>
              <TableCell>
                {charger.licensed ? (
                  <Chip size="small" color="success" label={t('chargers.licensed')} />
                ) : (
                  <Chip size="small" color="warning" label={t('chargers.unlicensed')} />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollingTable>
  );
};
