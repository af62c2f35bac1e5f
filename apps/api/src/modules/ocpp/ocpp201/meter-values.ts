import type { Ocpp201MeterValue, Ocpp201SampledValue } from '@wattdesk/shared/ocpp/ocpp201';
import { sampleRows } from '../meter-values.ts';
import type { SampleRow } from '../ocpp.repository.ts';

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

/** A 2.0.1 charger's meter values as our meter samples (the same rows as a 1.6 charger's). */
export const toSampleRows201 = (sessionId: string, meterValues: readonly Ocpp201MeterValue[]): SampleRow[] =>
  sampleRows(sessionId, meterValues, numberOf);

/** The highest energy register reading in these meter values (a transaction's start or end reading), or null. */
export const registerOf = (meterValues: readonly Ocpp201MeterValue[] | undefined): number | null => {
  const readings = toSampleRows201('', meterValues ?? [])
    .map((row) => row.energyWh)
    .filter((value): value is number => value !== null);
  return readings.length ? Math.max(...readings) : null;
};
