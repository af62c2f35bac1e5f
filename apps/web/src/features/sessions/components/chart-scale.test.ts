import { describe, expect, it } from 'vitest';
import { linearScale, linePath, niceStep, niceTicks, timeTicks } from './chart-scale.ts';

describe('meter chart scales', () => {
  it('maps a domain onto a range, upside down for SVG y', () => {
    const y = linearScale([0, 10], [260, 40]);
    expect(y(0)).toBe(260);
    expect(y(10)).toBe(40);
    expect(y(5)).toBe(150);
    expect(linearScale([3, 3], [0, 100])(3)).toBe(0);
  });

  it('picks steps of 1, 2, 2.5 or 5 × 10ⁿ and ticks that cover the maximum', () => {
    expect(niceStep(7.4)).toBe(2);
    expect(niceStep(0.37)).toBe(0.1);
    expect(niceStep(12)).toBe(2.5);
    expect(niceTicks(7.4)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('places time ticks on round clock times, at most six', () => {
    const start = new Date(2026, 10, 22, 10, 3, 27).getTime();
    const end = new Date(2026, 10, 22, 10, 41, 0).getTime();
    const { ticks, stepMs } = timeTicks(start, end);
    expect(stepMs).toBe(10 * 60_000);
    expect(ticks.map((tick) => new Date(tick).getMinutes())).toEqual([10, 20, 30, 40]);
    expect(ticks.length).toBeLessThanOrEqual(6);
    const short = timeTicks(start, start + 45_000);
    expect(short.stepMs).toBe(10_000);
    expect(new Date(short.ticks[0]!).getSeconds()).toBe(30);
  });

  it('draws a line that breaks where a value is missing', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5, y: 8 },
        { x: 10, y: null },
        { x: 15, y: 2 },
      ]),
    ).toBe('M0.0,10.0L5.0,8.0M15.0,2.0');
    expect(linePath([])).toBe('');
  });
});
