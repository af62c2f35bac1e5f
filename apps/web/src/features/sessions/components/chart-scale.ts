import { formatClockTick } from '@wattdesk/shared/format';
import { zoneOffsetMs } from '../../../lib/format-time.ts';
/** Small pure helpers for the meter chart: scales, "nice" ticks and SVG paths. No chart library needed. */

export type Scale = (value: number) => number;

export const linearScale = ([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): Scale => {
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
};

/** A step of 1, 2, 2.5 or 5 × 10ⁿ giving about `count` ticks from 0 to at least `max`. */
export const niceStep = (max: number, count = 5): number => {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
};

/** Ticks 0, step, 2·step … up to the first that reaches `max` (so the data fits under the top tick). */
export const niceTicks = (max: number, count = 5): number[] => {
  const step = niceStep(max, count);
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < max - step * 1e-9) ticks.push(Number((ticks.length * step).toPrecision(12)));
  if (ticks.length === 1) ticks.push(step);
  return ticks;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const TIME_STEPS = [
  10 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

/** Round clock times between `start` and `end` (ms), at most `maxTicks`, with the step used. */
export const timeTicks = (start: number, end: number, maxTicks = 6, timeZone?: string): { ticks: number[]; stepMs: number } => {
  const span = Math.max(end - start, SECOND);
  const stepMs = TIME_STEPS.find((step) => span / step <= maxTicks) ?? Math.ceil(span / maxTicks / HOUR) * HOUR;
  // Aligned to the location's clock, or the browser's (a tick at 10:15, not at 10:13:27).
  const offset = timeZone ? -zoneOffsetMs(start, timeZone) : new Date(start).getTimezoneOffset() * MINUTE;
  const first = Math.ceil((start - offset) / stepMs) * stepMs + offset;
  const ticks: number[] = [];
  for (let tick = first; tick <= end; tick += stepMs) ticks.push(tick);
  return { ticks, stepMs };
};

export const formatClock = (ms: number, withSeconds: boolean, timeZone?: string): string => formatClockTick(ms, timeZone, { seconds: withSeconds });

/** An SVG path through the points; a missing value (null) breaks the line instead of bridging the gap. */
export const linePath = (points: readonly { x: number; y: number | null }[]): string => {
  let path = '';
  let drawing = false;
  for (const { x, y } of points) {
    if (y === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    drawing = true;
  }
  return path;
};
