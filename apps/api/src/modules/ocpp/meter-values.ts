import type { MeterValue, SampledValue } from '@wattdesk/shared/ocpp/ocpp16';
import type { SampleRow } from './ocpp.repository.ts';

const DEFAULT_MEASURAND = 'Energy.Active.Import.Register';

/** What both versions' sampled values share for picking one measurand; the reading itself is read per version. */
type Sample = { measurand?: string; location?: string; phase?: string };
type Reading<S> = (sample: S) => number | null;

/** 1.6: kilo-units are scaled to the base unit; signed data (format SignedData) carries no readable number. */
const numberOf16: Reading<SampledValue> = (sample) => {
  if (sample.format === 'SignedData') return null;
  const value = Number(sample.value);
  if (!Number.isFinite(value)) return null;
  return sample.unit === 'kWh' || sample.unit === 'kW' || sample.unit === 'kvarh' ? value * 1000 : value;
};

/**
 * One measurand of one sample: the charger-wide value when present (no phase), else the phases summed
 * (energy, power, current) or averaged (voltage). Outlet-side values are preferred to inlet ones.
 */
const pick = <S extends Sample>(samples: readonly S[], read: Reading<S>, measurand: string, combine: 'sum' | 'mean'): number | null => {
  const matching = samples.filter((sample) => (sample.measurand ?? DEFAULT_MEASURAND) === measurand && (sample.location ?? 'Outlet') !== 'Inlet');
  const whole = matching.find((sample) => !sample.phase);
  if (whole) return read(whole);
  // Neutral and line-to-line readings would count a phase twice.
  const phased = matching.filter((sample) => sample.phase && sample.phase !== 'N' && !/^L\d-L\d$/.test(sample.phase));
  const values = phased.map(read).filter((value): value is number => value !== null);
  if (!values.length) return null;
  const total = values.reduce((sum, value) => sum + value, 0);
  return combine === 'sum' ? total : total / values.length;
};

/** Meter values of either version as our meter samples, each reading read by `read`. */
export const sampleRows = <S extends Sample>(
  sessionId: string,
  meterValues: readonly { timestamp: string; sampledValue: readonly S[] }[],
  read: Reading<S>,
): SampleRow[] =>
  meterValues.map((meterValue) => ({
    sessionId,
    sampledAt: new Date(meterValue.timestamp),
    energyWh: pick(meterValue.sampledValue, read, 'Energy.Active.Import.Register', 'sum'),
    powerW: pick(meterValue.sampledValue, read, 'Power.Active.Import', 'sum'),
    currentA: pick(meterValue.sampledValue, read, 'Current.Import', 'sum'),
    voltageV: pick(meterValue.sampledValue, read, 'Voltage', 'mean'),
    soc: pick(meterValue.sampledValue, read, 'SoC', 'mean'),
  }));

export const toSampleRows = (sessionId: string, meterValues: readonly MeterValue[]): SampleRow[] => sampleRows(sessionId, meterValues, numberOf16);
