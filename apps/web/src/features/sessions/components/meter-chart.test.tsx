import type { MeterSample } from '@wattdesk/shared/schemas/charging';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeterChart } from './meter-chart.tsx';
import { chartPoints, deliveredEnergy } from './meter-series.ts';

const sample = (minute: number, energyKwh: number | null, powerKw: number | null): MeterSample => ({
  at: new Date(2026, 10, 22, 10, minute).toISOString(),
  energyKwh,
  powerKw,
  currentA: null,
  voltageV: null,
  soc: null,
});

describe('meter values of a session', () => {
  const session = (energyKwh: number, startMinute: number, stopMinute: number | null) => ({
    energyKwh,
    startedAt: new Date(2026, 10, 22, 10, startMinute).toISOString(),
    stoppedAt: stopMinute === null ? null : new Date(2026, 10, 22, 10, stopMinute).toISOString(),
  });

  it('show the energy this session delivered, not the meter register', () => {
    expect(
      deliveredEnergy({ energyKwh: 1.5 }, [sample(0, 100.2, 7), sample(5, 100.9, 7.2), sample(10, 101.7, null)]).map((value) => value?.toFixed(2)),
    ).toEqual(['0.00', '0.70', '1.50']);
    expect(deliveredEnergy({ energyKwh: 0 }, [sample(0, null, 3)])).toEqual([null]);
  });

  it('run from the start (0 kWh) to the stop (the total) around the samples', () => {
    const points = chartPoints(session(2, 0, 12), [sample(1, 100.2, 7), sample(10, 101.9, null)]);
    expect(points.map((point) => [new Date(point.at).getMinutes(), point.energyKwh?.toFixed(2) ?? null, point.isSample])).toEqual([
      [0, '0.00', false],
      [1, '0.30', true],
      [10, '2.00', true],
      [12, '2.00', false],
    ]);
    expect(chartPoints(session(0, 0, null), [])).toEqual([]);
    expect(chartPoints(session(1, 1, null), [sample(1, 5, 7)])).toHaveLength(1);
  });

  it('render as an image with a title, a description in words, time labels and both series', () => {
    const points = chartPoints(session(1.5, 0, 30), [sample(0, 100.2, 7), sample(15, 100.9, 7.4), sample(30, 101.7, 6.8)]);
    const { container } = render(<MeterChart points={points} title="Energy and power of session 12 over time" />);
    const chart = screen.getByRole('img', { name: 'Energy and power of session 12 over time' });
    expect(chart).toHaveAccessibleDescription('3 meter values from 10:00 to 10:30: energy delivered reached 1.50 kWh, power peaked at 7.4 kW.');
    expect(container.querySelector('[data-series="energy"]')?.getAttribute('d')).toMatch(/^M.*L.*L/);
    expect(container.querySelector('[data-series="power"]')?.getAttribute('d')).toMatch(/^M/);
    expect(screen.getByText('10:10')).toBeInTheDocument();
    expect(screen.getByText('kWh')).toBeInTheDocument();
    expect(screen.getByText('kW')).toBeInTheDocument();
  });
});
