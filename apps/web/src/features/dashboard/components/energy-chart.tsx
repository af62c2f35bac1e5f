import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { formatKwh, formatNumber } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const WIDTH = 720;
const HEIGHT = 180;

/**
 * Energy per day as bars and revenue (the main currency) as a line: hand-drawn SVG, so the dashboard chunk
 * carries no chart library. Each bar has a title (hover) and the figures are in the table the summary links to.
 */
export const EnergyChart = ({ series, currency }: { series: DashboardOverview['series']; currency: string | undefined }) => {
  const maxEnergy = Math.max(1, ...series.map((d) => d.energyWh));
  const revenueOf = (d: DashboardOverview['series'][number]) => d.revenue.find((r) => r.currency === currency)?.amount ?? 0;
  const maxRevenue = Math.max(1, ...series.map(revenueOf));
  const step = WIDTH / Math.max(1, series.length);
  const line = series.map((d, n) => `${n === 0 ? 'M' : 'L'}${(n + 0.5) * step},${HEIGHT - (revenueOf(d) / maxRevenue) * (HEIGHT - 10)}`).join(' ');
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Energy and revenue per day
      </Typography>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`Energy per day over ${series.length} days; line: revenue`}>
        {series.map((d, n) => {
          const height = (d.energyWh / maxEnergy) * (HEIGHT - 10);
          return (
            <rect key={d.day} x={n * step + step * 0.15} width={step * 0.7} y={HEIGHT - height} height={height} fill="#1976d2" opacity={0.75}>
              <title>{`${d.day}: ${formatKwh(d.energyWh / 1000)}, ${formatNumber(d.sessions)} sessions${currency ? `, ${formatMinor(revenueOf(d), currency)}` : ''}`}</title>
            </rect>
          );
        })}
        {currency && series.length > 1 ? <path d={line} fill="none" stroke="#2e7d32" strokeWidth={2} /> : null}
      </svg>
      <Typography variant="caption" color="text.secondary">
        Bars: energy (peak {formatKwh(maxEnergy / 1000)} a day). Line: revenue{currency ? ` in ${currency}` : ''}.
      </Typography>
    </Box>
  );
};
