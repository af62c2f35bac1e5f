import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { formatKw, formatKwh } from '../../../lib/charging-format.ts';
import { useT } from '../../../i18n/use-t.ts';
import { sessionsText, type SessionsT } from '../sessions-text.ts';
import { formatClock, linearScale, linePath, niceTicks, timeTicks } from './chart-scale.ts';
import { seriesMax, type ChartPoint } from './meter-series.ts';

const WIDTH = 760;
const HEIGHT = 300;
const M = { top: 36, right: 64, bottom: 40, left: 64 };
const MARKER_LIMIT = 80;
/** A session of a few seconds still gets a readable time axis. */
const MIN_SPAN_MS = 10_000;

/** What the chart shows, in words: the accessible description and the figure's caption. */
export const describeChart = (t: SessionsT, points: readonly ChartPoint[], timeZone?: string): string => {
  const samples = points.filter((point) => point.isSample);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || !samples.length) return t('chart.none');
  const top = seriesMax(points);
  const seconds = last.at - first.at < 10 * 60_000;
  return t('chart.description', {
    count: samples.length,
    from: formatClock(first.at, seconds, timeZone),
    to: formatClock(last.at, seconds, timeZone),
    // The zone's IANA name, as the location's times show it everywhere.
    zone: timeZone ? ` (${timeZone})` : '',
    energy: formatKwh(last.energyKwh ?? top.energyKwh),
    power: formatKw(top.powerKw),
  });
};

/** Energy delivered (kWh, left axis, solid) and power (kW, right axis, dashed) over the session's time. */
/** Times on the axis are the location's (timeZone), or the browser's while it is unknown. */
export const MeterChart = ({ points, title, timeZone }: { points: readonly ChartPoint[]; title: string; timeZone?: string | undefined }) => {
  const t = useT(sessionsText);
  const theme = useTheme();
  const id = useId();
  const start = points[0]?.at ?? 0;
  const end = Math.max(points.at(-1)?.at ?? 0, start + MIN_SPAN_MS);
  const top = seriesMax(points);
  const energyTicks = niceTicks(top.energyKwh);
  const powerTicks = niceTicks(top.powerKw);
  const { ticks: times, stepMs } = timeTicks(start, end, 6, timeZone);
  const x = linearScale([start, end], [M.left, WIDTH - M.right]);
  const yEnergy = linearScale([0, energyTicks.at(-1) ?? 1], [HEIGHT - M.bottom, M.top]);
  const yPower = linearScale([0, powerTicks.at(-1) ?? 1], [HEIGHT - M.bottom, M.top]);
  const energyColor = theme.palette.primary.main;
  const powerColor = theme.palette.secondary.main;
  const axisColor = theme.palette.text.secondary;
  const energyPath = linePath(points.map((point) => ({ x: x(point.at), y: point.energyKwh === null ? null : yEnergy(point.energyKwh) })));
  const powerPath = linePath(points.map((point) => ({ x: x(point.at), y: point.powerKw === null ? null : yPower(point.powerKw) })));

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-caption`}
        style={{ maxWidth: WIDTH, display: 'block', fontFamily: 'inherit' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <g fontSize={12} fill={axisColor}>
          {energyTicks.map((tick) => (
            <g key={`e${tick}`}>
              <line x1={M.left} x2={WIDTH - M.right} y1={yEnergy(tick)} y2={yEnergy(tick)} stroke={theme.palette.divider} />
              <text x={M.left - 8} y={yEnergy(tick)} textAnchor="end" dominantBaseline="middle">
                {tick}
              </text>
            </g>
          ))}
          {powerTicks.map((tick) => (
            <text key={`p${tick}`} x={WIDTH - M.right + 8} y={yPower(tick)} dominantBaseline="middle">
              {tick}
            </text>
          ))}
          {times.map((tick) => (
            <g key={`t${tick}`}>
              <line x1={x(tick)} x2={x(tick)} y1={HEIGHT - M.bottom} y2={HEIGHT - M.bottom + 5} stroke={axisColor} />
              <text x={x(tick)} y={HEIGHT - M.bottom + 18} textAnchor="middle">
                {formatClock(tick, stepMs < 60_000, timeZone)}
              </text>
            </g>
          ))}
          <line x1={M.left} x2={WIDTH - M.right} y1={HEIGHT - M.bottom} y2={HEIGHT - M.bottom} stroke={axisColor} />
          <text x={M.left - 8} y={M.top - 14} textAnchor="end" fill={energyColor} fontWeight={600}>
            kWh
          </text>
          <text x={WIDTH - M.right + 8} y={M.top - 14} fill={powerColor} fontWeight={600}>
            kW
          </text>
          <text x={(M.left + WIDTH - M.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            {t('chart.time')}
          </text>
        </g>
        <g aria-hidden="true" fontSize={12}>
          <line x1={M.left + 8} x2={M.left + 32} y1={12} y2={12} stroke={energyColor} strokeWidth={2.5} />
          <text x={M.left + 38} y={12} dominantBaseline="middle" fill={theme.palette.text.primary}>
            {t('chart.energyLegend')}
          </text>
          <line x1={M.left + 200} x2={M.left + 224} y1={12} y2={12} stroke={powerColor} strokeWidth={2.5} strokeDasharray="6 4" />
          <text x={M.left + 230} y={12} dominantBaseline="middle" fill={theme.palette.text.primary}>
            {t('chart.powerLegend')}
          </text>
        </g>
        <path d={energyPath} fill="none" stroke={energyColor} strokeWidth={2.5} data-series="energy" />
        <path d={powerPath} fill="none" stroke={powerColor} strokeWidth={2} strokeDasharray="6 4" data-series="power" />
        {points.length <= MARKER_LIMIT
          ? points.map((point) =>
              point.energyKwh === null || !point.isSample ? null : (
                <circle key={`m${point.at}`} cx={x(point.at)} cy={yEnergy(point.energyKwh)} r={3} fill={energyColor} />
              ),
            )
          : null}
      </svg>
      <Box component="figcaption" id={`${id}-caption`} sx={{ typography: 'caption', color: 'text.secondary', mt: 1 }}>
        {describeChart(t, points, timeZone)}
      </Box>
    </Box>
  );
};
