import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import type { IdleFeeSettings } from '@wattdesk/shared/pricing/types';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useCan } from '../../lib/can.tsx';
import { useSaveIdleFees } from './api/tariffs-api.ts';
import { DurationSelect, HourSelect, MoneyField, Section } from './components/form-parts.tsx';
import { minorText, readMinor } from './money-text.ts';
import { WithLocationTariff } from './use-location-tariff.tsx';

const IdleFeesForm = ({ tariff }: { tariff: TariffOverview }) => {
  const isReadOnly = !useCan()('Idle_Fees_Update');
  const current: IdleFeeSettings = tariff.current?.idleFee ?? { enabled: false, pricePerMinute: 0, graceMinutes: 0, dailyCap: null, freeHours: null };
  const { currency } = tariff;
  const [enabled, setEnabled] = useState(current.enabled);
  const [price, setPrice] = useState(minorText(current.pricePerMinute, currency));
  const [graceMinutes, setGraceMinutes] = useState(current.graceMinutes);
  const [hasCap, setHasCap] = useState(current.dailyCap !== null);
  const [cap, setCap] = useState(minorText(current.dailyCap, currency));
  const [hasFreeHours, setHasFreeHours] = useState(current.freeHours !== null);
  const [freeHours, setFreeHours] = useState(current.freeHours ?? { startHour: 22, endHour: 6 });
  const save = useSaveIdleFees();
  const pricePerMinute = readMinor(price, currency, 'Idle fee per minute');
  const dailyCap = hasCap ? readMinor(cap, currency, 'Daily cap') : { value: null };
  const freeHoursError = hasFreeHours && freeHours.startHour === freeHours.endHour ? 'Free hours must start and end at different hours' : undefined;
  const canSave = !pricePerMinute.error && !('error' in dailyCap && dailyCap.error) && !freeHoursError;

  return (
    <Section title="Idle fee">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Charged per minute once charging has finished but the car stays plugged in (the connector reports SuspendedEV or Finishing while the session
        is open), after the grace period.
      </Typography>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={isReadOnly} onChange={(_, on) => setEnabled(on)} />}
        label="Charge an idle fee"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'flex-start' }}>
        <MoneyField
          label="Idle fee per minute"
          per="/min"
          currency={currency}
          value={price}
          onChange={setPrice}
          error={pricePerMinute.error}
          disabled={isReadOnly}
        />
        <DurationSelect label="Grace period" minutes={graceMinutes} onChange={setGraceMinutes} none="No grace period" disabled={isReadOnly} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'center' }}>
        <FormControlLabel control={<Checkbox checked={hasCap} disabled={isReadOnly} onChange={(_, on) => setHasCap(on)} />} label="At most a day" />
        {hasCap ? (
          <MoneyField
            label="Daily cap"
            currency={currency}
            value={cap}
            onChange={setCap}
            error={'error' in dailyCap ? dailyCap.error : undefined}
            disabled={isReadOnly}
          />
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={<Checkbox checked={hasFreeHours} disabled={isReadOnly} onChange={(_, on) => setHasFreeHours(on)} />}
          label="No idle fee during these hours"
        />
        {hasFreeHours ? (
          <>
            <HourSelect
              label="From"
              value={freeHours.startHour}
              disabled={isReadOnly}
              onChange={(startHour) => setFreeHours({ ...freeHours, startHour })}
            />
            <HourSelect
              label="Until"
              value={freeHours.endHour}
              disabled={isReadOnly}
              onChange={(endHour) => setFreeHours({ ...freeHours, endHour })}
            />
            {freeHoursError ? (
              <Typography color="error" variant="body2">
                {freeHoursError}
              </Typography>
            ) : null}
          </>
        ) : null}
      </Box>
      {isReadOnly ? null : (
        <Button
          variant="contained"
          sx={{ mt: 3 }}
          disabled={!canSave}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              locationId: tariff.locationId,
              enabled,
              pricePerMinute: pricePerMinute.value ?? 0,
              graceMinutes,
              dailyCap: dailyCap.value ?? null,
              freeHours: hasFreeHours ? freeHours : null,
            })
          }
        >
          Save idle fee
        </Button>
      )}
    </Section>
  );
};

/** Idle Fees (menu idle-fees): what a car pays for staying plugged in after charging. */
export const IdleFeesPage = () => (
  <>
    <PageHeader title="Idle Fees" subtitle="Keep chargers free for the next driver: a fee per minute once charging is done." />
    <WithLocationTariff subject="Idle fees" purpose="see and set its idle fee">
      {(tariff) => <IdleFeesForm key={tariff.current?.id ?? 'none'} tariff={tariff} />}
    </WithLocationTariff>
  </>
);

export default IdleFeesPage;
