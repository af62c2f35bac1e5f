import { LICENSE_TERM_MONTHS } from '@wattdesk/shared/constants';
import { formatNumber } from '@wattdesk/shared/format';
import type { License } from '@wattdesk/shared/schemas/billing';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate, timeZoneCaption } from '../../../lib/format-time.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

type Props = {
  licenses: License[];
  timeZone: string | undefined;
  canUpdate: boolean;
  onRenew: (license: License) => void;
  onAutoRenew: (license: License, autoRenew: boolean) => void;
};

export const licenseLabel = (license: License, index: number) => `License ${index + 1}`;

/** Each licence: seats used, term, status, automatic renewal and Renew. */
export const LicenseTable = ({ licenses, timeZone, canUpdate, onRenew, onAutoRenew }: Props) => (
  <ScrollingTable size="small" aria-label="Licenses">
    <TableHead>
      <TableRow>
        <TableCell>License</TableCell>
        <TableCell align="right">Seats used</TableCell>
        <TableCell>Started</TableCell>
        <TableCell>Expires ({timeZoneCaption(timeZone)})</TableCell>
        <TableCell>Status</TableCell>
        <TableCell>Renews itself</TableCell>
        {canUpdate ? <TableCell align="right">Actions</TableCell> : null}
      </TableRow>
    </TableHead>
    <TableBody>
      {licenses.map((license, index) => (
        <TableRow key={license.id}>
          <TableCell>{licenseLabel(license, index)}</TableCell>
          <TableCell align="right">
            {formatNumber(license.assigned)} of {formatNumber(license.seats)}
          </TableCell>
          <TableCell>{formatDate(license.startsAt, timeZone)}</TableCell>
          <TableCell>{formatDate(license.expiresAt, timeZone)}</TableCell>
          <TableCell>
            <Chip
              size="small"
              color={license.status === 'ACTIVE' ? 'success' : 'warning'}
              label={license.status === 'ACTIVE' ? 'Valid' : 'Expired'}
            />
          </TableCell>
          <TableCell>
            <Switch
              checked={license.autoRenew}
              disabled={!canUpdate}
              onChange={(_event, checked) => onAutoRenew(license, checked)}
              slotProps={{ input: { 'aria-label': `${licenseLabel(license, index)} renews itself` } }}
            />
          </TableCell>
          {canUpdate ? (
            <TableCell align="right">
              <Button
                size="small"
                onClick={() => onRenew(license)}
                aria-label={`Renew ${licenseLabel(license, index)} for ${LICENSE_TERM_MONTHS} months`}
              >
                Renew
              </Button>
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </TableBody>
  </ScrollingTable>
);
