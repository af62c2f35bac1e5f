import type { Ocpp201MeterValue, Ocpp201SampledValue } from '@wattdesk/shared/ocpp/ocpp201';
import type { SampleRow } from '../ocpp.repository.ts';

const DEFAULT_MEASURAND = 'Energy.Active.Import.Register';

/**
 * A 2.0.1 reading in the base unit: the value is a number, scaled by 10^multiplier (UnitOfMeasureType), and kilo-units
 * by 1000. A signed reading still carries its plain value, which is what we store.
 */
const numberOf = (sample: Ocpp201SampledValue): number | null => {
  if (!Number.isFinite(sample.value)) return null;
  const scaled = sample.value * 10 ** (sample.unitOfMeasure?.multiplier ?? 0);
  const unit = sample.unitOfMeasure?.unit;
  return unit === 'kWh' || unit === 'kW' || unit === 'kvarh' ? scaled * 1000 : scaled;
};

/**
 * One measurand of one sample, as 1.6's meter-values.ts picks it: the charger-wide value when present (no phase),
 * else the phases summed (energy, power, current) or averaged (voltage); outlet-side values before inlet ones.
 */
const pick = (samples: readonly Ocpp201SampledValue[], measurand: string, combine: 'sum' | 'mean'): number | null => {
  const matching = samples.filter((sample) => (sample.measurand ?? DEFAULT_MEASURAND) === measurand && (sample.location ?? 'Outlet') !== 'Inlet');
  const whole = matching.find((sample) => !sample.phase);
  if (whole) return numberOf(whole);
  // Neutral and line-to-line readings would count a phase twice.
  const phased = matching.filter((sample) => sample.phase && sample.phase !== 'N' && !/^L\d-L\d$/.test(sample.phase));
  const values = phased.map(numberOf).filter((value): value is number => value !== null);
  if (!values.length) return null;
  const total = values.reduce((sum, value) => sum + value, 0);
  return combine === 'sum' ? total : total / values.length;
};

/** A 2.0.1 charger's meter values as our meter samples (the same rows as a 1.6 charger's). */
export const toSampleRows201 = (sessionId: string, meterValues: readonly Ocpp201MeterValue[]): SampleRow[] =>
  meterValues.map((meterValue) => ({
    sessionId,
    sampledAt: new Date(meterValue.timestamp),
    energyWh: pick(meterValue.sampledValue, 'Energy.Active.Import.Register', 'sum'),
    powerW: pick(meterValue.sampledValue, 'Power.Active.Import', 'sum'),
    currentA: pick(meterValue.sampledValue, 'Current.Import', 'sum'),
    voltageV: pick(meterValue.sampledValue, 'Voltage', 'mean'),
    soc: pick(meterValue.sampledValue, 'SoC', 'mean'),
  }));

/** The highest energy register reading in these meter values (a transaction's start or end reading), or null. */
export const registerOf = (meterValues: readonly Ocpp201MeterValue[] | undefined): number | null => {
  const readings = toSampleRows201('', meterValues ?? [])
    .map((row) => row.energyWh)
    .filter((value): value is number => value !== null);
  return readings.length ? Math.max(...readings) : null;
};
