import type { MeterSample, SessionDetail } from '@wattdesk/shared/schemas/charging';

/** One point of the chart; `isSample` false for the start and stop the chart adds (energy 0 and the total). */
export type ChartPoint = { at: number; energyKwh: number | null; powerKw: number | null; isSample: boolean };

type SessionFigures = Pick<SessionDetail, 'energyKwh' | 'startedAt' | 'stoppedAt'>;

/**
 * Samples carry the meter's register; the chart shows the energy this session delivered. The register at
 * the start is the highest register minus the session's energy (exact while it runs: the session's energy
 * is counted from the highest register), so the line starts near 0 and ends at the session's total.
 */
export const deliveredEnergy = (session: Pick<SessionDetail, 'energyKwh'>, samples: readonly MeterSample[]): (number | null)[] => {
  const registers = samples.map((sample) => sample.energyKwh).filter((value): value is number => value !== null);
  const base = registers.length ? Math.max(...registers) - session.energyKwh : 0;
  return samples.map((sample) => (sample.energyKwh === null ? null : Math.max(0, sample.energyKwh - base)));
};

/** The samples as chart points, from the session's start (0 kWh) to its stop (its total) when those lie outside them. */
export const chartPoints = (session: SessionFigures, samples: readonly MeterSample[]): ChartPoint[] => {
  if (!samples.length) return [];
  const energies = deliveredEnergy(session, samples);
  const points: ChartPoint[] = samples.map((sample, index) => ({
    at: new Date(sample.at).getTime(),
    energyKwh: energies[index] ?? null,
    powerKw: sample.powerKw,
    isSample: true,
  }));
  const startedAt = new Date(session.startedAt).getTime();
  const first = points[0];
  if (first && startedAt < first.at) points.unshift({ at: startedAt, energyKwh: 0, powerKw: null, isSample: false });
  const stoppedAt = session.stoppedAt ? new Date(session.stoppedAt).getTime() : null;
  const last = points.at(-1);
  if (last && stoppedAt !== null && stoppedAt > last.at) points.push({ at: stoppedAt, energyKwh: session.energyKwh, powerKw: null, isSample: false });
  return points;
};

const max = (values: readonly (number | null)[]) => values.reduce<number>((top, value) => (value !== null && value > top ? value : top), 0);

export const seriesMax = (points: readonly ChartPoint[]) => ({
  energyKwh: max(points.map((point) => point.energyKwh)),
  powerKw: max(points.map((point) => point.powerKw)),
});
