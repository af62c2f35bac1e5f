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
import { minorText, useMoneyReader } from './money-text.ts';
import { useRateWords } from './rates-text.ts';
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
  const { t } = useRateWords();
  const { readMinor } = useMoneyReader();
  const pricePerMinute = readMinor(price, currency, t('idle.pricePerMinute'));
  const dailyCap = hasCap ? readMinor(cap, currency, t('idle.dailyCap')) : { value: null };
  const freeHoursError = hasFreeHours && freeHours.startHour === freeHours.endHour ? t('idle.freeHoursInvalid') : undefined;
  const canSave = !pricePerMinute.error && !('error' in dailyCap && dailyCap.error) && !freeHoursError;

  return (
    <Section title={t('idle.section')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('idle.intro')}
      </Typography>
      <FormControlLabel control={<Switch checked={enabled} disabled={isReadOnly} onChange={(_, on) => setEnabled(on)} />} label={t('idle.enabled')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'flex-start' }}>
        <MoneyField
          label={t('idle.pricePerMinute')}
          per="/min"
          currency={currency}
          value={price}
          onChange={setPrice}
          error={pricePerMinute.error}
          disabled={isReadOnly}
        />
        <DurationSelect label={t('idle.grace')} minutes={graceMinutes} onChange={setGraceMinutes} none={t('idle.noGrace')} disabled={isReadOnly} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'center' }}>
        <FormControlLabel
          control={<Checkbox checked={hasCap} disabled={isReadOnly} onChange={(_, on) => setHasCap(on)} />}
          label={t('idle.hasCap')}
        />
        {hasCap ? (
          <MoneyField
            label={t('idle.dailyCap')}
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
          label={t('idle.freeHours')}
        />
        {hasFreeHours ? (
          <>
            <HourSelect
              label={t('period.from')}
              value={freeHours.startHour}
              disabled={isReadOnly}
              onChange={(startHour) => setFreeHours({ ...freeHours, startHour })}
            />
            <HourSelect
              label={t('period.until')}
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
          {t('idle.save')}
        </Button>
      )}
    </Section>
  );
};

/** Idle Fees (menu idle-fees): what a car pays for staying plugged in after charging. */
export const IdleFeesPage = () => {
  const { t } = useRateWords();
  return (
    <>
      <PageHeader title={t('idle.title')} subtitle={t('idle.subtitle')} />
      <WithLocationTariff loading={t('idle.loading')} subject={t('idle.loadSubject')} purpose={t('idle.purpose')}>
        {(tariff) => <IdleFeesForm key={tariff.current?.id ?? 'none'} tariff={tariff} />}
      </WithLocationTariff>
    </>
  );
};

export default IdleFeesPage;
