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
import { useT } from '../../../i18n/use-t.ts';
import { billingText, type BillingT } from '../billing-text.ts';

type Props = {
  licenses: License[];
  timeZone: string | undefined;
  canUpdate: boolean;
  onRenew: (license: License) => void;
  onAutoRenew: (license: License, autoRenew: boolean) => void;
};

/** "License 2": a licence by its place in the location's list. */
export const licenseLabel = (t: BillingT, index: number) => t('licenses.name', { number: index + 1 });

/** Each licence: seats used, term, status, automatic renewal and Renew. */
export const LicenseTable = ({ licenses, timeZone, canUpdate, onRenew, onAutoRenew }: Props) => {
  const t = useT(billingText);
  return (
    <ScrollingTable size="small" aria-label={t('licenses.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('licenses.column.license')}</TableCell>
          <TableCell align="right">{t('licenses.column.seats')}</TableCell>
          <TableCell>{t('licenses.column.started')}</TableCell>
          <TableCell>{t('licenses.column.expires', { zone: timeZoneCaption(timeZone) })}</TableCell>
          <TableCell>{t('licenses.column.status')}</TableCell>
          <TableCell>{t('licenses.column.autoRenew')}</TableCell>
          {canUpdate ? <TableCell align="right">{t('licenses.column.actions')}</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {licenses.map((license, index) => (
          <TableRow key={license.id}>
            <TableCell>{licenseLabel(t, index)}</TableCell>
            <TableCell align="right">
              {t('licenses.seatsOf', { assigned: formatNumber(license.assigned), seats: formatNumber(license.seats) })}
            </TableCell>
            <TableCell>{formatDate(license.startsAt, timeZone)}</TableCell>
            <TableCell>{formatDate(license.expiresAt, timeZone)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={license.status === 'ACTIVE' ? 'success' : 'warning'}
                label={license.status === 'ACTIVE' ? t('licenses.valid') : t('licenses.expired')}
              />
            </TableCell>
            <TableCell>
              <Switch
                checked={license.autoRenew}
                disabled={!canUpdate}
                onChange={(_event, checked) => onAutoRenew(license, checked)}
                slotProps={{ input: { 'aria-label': t('licenses.autoRenewLabel', { license: licenseLabel(t, index) }) } }}
              />
            </TableCell>
            {canUpdate ? (
              <TableCell align="right">
                <Button
                  size="small"
                  onClick={() => onRenew(license)}
                  aria-label={t('licenses.renewLabel', { license: licenseLabel(t, index), months: LICENSE_TERM_MONTHS })}
                >
                  {t('licenses.renew')}
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};
