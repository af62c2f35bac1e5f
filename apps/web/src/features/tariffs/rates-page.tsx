import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import type { RatePeriod } from '@wattdesk/shared/pricing/types';
import { isCurrencyCode } from '@wattdesk/shared/pricing/money';
import { periodIssues } from '@wattdesk/shared/pricing/periods';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useSaveRates, useTariffOverview } from './api/tariffs-api.ts';
import { Section } from './components/form-parts.tsx';
import { newPeriodKey, PeriodEditor, type DraftPeriod, type PeriodErrors } from './components/period-editor.tsx';
import { RateCalculator } from './components/rate-calculator.tsx';
import { RatesGrid } from './components/rates-grid.tsx';
import { VersionList } from './components/version-list.tsx';
import { microsText, useMoneyReader, type MoneyReader } from './money-text.ts';
import { useRateWords } from './rates-text.ts';
import { formatInZone, zonedToIso } from './zone-time.ts';

const draftOf = (periods: readonly RatePeriod[]): DraftPeriod[] =>
  (periods.length ? periods : [{ days: 'all-days' as const, startHour: 0, endHour: 0, energyPriceMicros: 0, timePriceMicros: null }]).map((p) => ({
    key: newPeriodKey(),
    days: p.days,
    startHour: p.startHour,
    endHour: p.endHour,
    energyPrice: periods.length ? microsText(p.energyPriceMicros) : '',
    timePrice: microsText(p.timePriceMicros),
  }));

/** The draft as the API wants it, with each field's problem; periods of unreadable prices are left out. */
const readDraft = (draft: DraftPeriod[], currency: string, labels: { energy: string; time: string }, { readMicros }: MoneyReader) => {
  const errors: PeriodErrors = {};
  const periods: RatePeriod[] = [];
  for (const period of draft) {
    const energy = readMicros(period.energyPrice, currency, labels.energy);
    const time = period.timePrice.trim() ? readMicros(period.timePrice, currency, labels.time) : { value: null };
    if (energy.error || ('error' in time && time.error))
      errors[period.key] = { energyPrice: energy.error, timePrice: 'error' in time ? time.error : undefined };
    else
      periods.push({
        days: period.days,
        startHour: period.startHour,
        endHour: period.endHour,
        energyPriceMicros: energy.value!,
        timePriceMicros: time.value ?? null,
      });
  }
  return { errors, periods };
};

const RatesEditor = ({ locationId, overview }: { locationId: string; overview: TariffOverview }) => {
  const isReadOnly = !useCan()('Rates_Update');
  const words = useRateWords();
  const { t } = words;
  const money = useMoneyReader();
  const [draft, setDraft] = useState(() => draftOf(overview.current?.periods ?? []));
  const [currency, setCurrency] = useState(overview.currency);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [later, setLater] = useState('');
  const save = useSaveRates();
  const isCurrencyValid = isCurrencyCode(currency);
  const { errors, periods } = readDraft(
    draft,
    isCurrencyValid ? currency : overview.currency,
    {
      energy: t('period.energyPrice'),
      time: t('period.timePriceField'),
    },
    money,
  );
  const problems = periodIssues(draft).map((issue) => words.issue(issue, draft));
  const effectiveFrom = when === 'later' ? zonedToIso(later, overview.timeZone) : undefined;
  const canSave = isCurrencyValid && !problems.length && !Object.keys(errors).length && (when === 'now' || Boolean(effectiveFrom));

  return (
    <>
      <Section title={t('section.grid')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(isReadOnly ? 'grid.introInForce' : 'grid.introPreview', { timeZone: overview.timeZone })}
        </Typography>
        <RatesGrid periods={periods} currency={isCurrencyValid ? currency : overview.currency} />
      </Section>
      <Section title={t('section.periods')}>
        <PeriodEditor periods={draft} currency={currency} errors={errors} isReadOnly={isReadOnly} onChange={setDraft} />
        {problems.length ? (
          <Alert severity="warning" sx={{ mt: 2 }} role="status">
            {problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        ) : null}
        {isReadOnly ? null : (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
            <TextField
              fullWidth={false}
              margin="none"
              size="small"
              label={t('currency.label')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value.toUpperCase())}
              error={!isCurrencyValid}
              helperText={t(isCurrencyValid ? 'currency.help' : 'currency.invalid')}
              sx={{ width: 140 }}
            />
            <RadioGroup row aria-label={t('effective.label')} value={when} onChange={(event) => setWhen(event.target.value as 'now' | 'later')}>
              <FormControlLabel value="now" control={<Radio />} label={t('effective.now')} />
              <FormControlLabel value="later" control={<Radio />} label={t('effective.later')} />
            </RadioGroup>
            {when === 'later' ? (
              <TextField
                fullWidth={false}
                margin="none"
                size="small"
                type="datetime-local"
                label={t('effective.at', { timeZone: overview.timeZone })}
                value={later}
                onChange={(event) => setLater(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : null}
            <Button
              variant="contained"
              disabled={!canSave}
              loading={save.isPending}
              onClick={() => save.mutate({ locationId, currency, periods, ...(effectiveFrom ? { effectiveFrom } : {}) })}
            >
              {t('save')}
            </Button>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('saveNote')}
        </Typography>
      </Section>
    </>
  );
};

const RatesScreen = ({ locationId }: { locationId: string }) => {
  const overview = useTariffOverview(locationId);
  const { t } = useRateWords();
  if (overview.isPending) return <PageLoader label={t('loading')} />;
  if (overview.isError) return <LoadErrorAlert subject={t('loadSubject')} error={overview.error} onRetry={() => void overview.refetch()} />;
  const { current, scheduled, history, timeZone } = overview.data;
  return (
    <>
      {current ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('noRates')}
        </Alert>
      )}
      <RatesEditor key={current?.id ?? 'none'} locationId={locationId} overview={overview.data} />
      {current ? (
        <Section title={t('section.calculator')}>
          <RateCalculator version={current} timeZone={timeZone} />
        </Section>
      ) : null}
      <Section title={t('section.versions')}>
        {current ? (
          <Typography variant="body2">{t('versions.inForceSince', { at: formatInZone(current.effectiveFrom, timeZone) })}</Typography>
        ) : null}
        {scheduled.length ? <VersionList label={t('versions.scheduled')} versions={scheduled} timeZone={timeZone} /> : null}
        {history.length ? <VersionList label={t('versions.earlier')} versions={history} timeZone={timeZone} /> : null}
      </Section>
    </>
  );
};

/** Rates (menu rates): time-of-use periods of the selected location, a week at a glance and a calculator. */
export const RatesPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const { t } = useRateWords();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {locationId ? <RatesScreen key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('choosePurpose')} />}
    </>
  );
};

export default RatesPage;
