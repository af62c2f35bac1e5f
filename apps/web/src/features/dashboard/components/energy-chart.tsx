import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { formatKwh } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { dashboardText } from '../dashboard-text.ts';

const WIDTH = 720;
const HEIGHT = 180;

/**
 * Energy per day as bars and revenue (the main currency) as a line: hand-drawn SVG, so the dashboard chunk
 * carries no chart library. Each bar has a title (hover) and the figures are in the table the summary links to.
 */
export const EnergyChart = ({ series, currency }: { series: DashboardOverview['series']; currency: string | undefined }) => {
  const t = useT(dashboardText);
  const maxEnergy = Math.max(1, ...series.map((d) => d.energyWh));
  const revenueOf = (d: DashboardOverview['series'][number]) => d.revenue.find((r) => r.currency === currency)?.amount ?? 0;
  const maxRevenue = Math.max(1, ...series.map(revenueOf));
  const step = WIDTH / Math.max(1, series.length);
  const line = series.map((d, n) => `${n === 0 ? 'M' : 'L'}${(n + 0.5) * step},${HEIGHT - (revenueOf(d) / maxRevenue) * (HEIGHT - 10)}`).join(' ');
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('chart.title')}
      </Typography>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={t('chart.label', { count: series.length })}>
        {series.map((d, n) => {
          const height = (d.energyWh / maxEnergy) * (HEIGHT - 10);
          return (
            <rect key={d.day} x={n * step + step * 0.15} width={step * 0.7} y={HEIGHT - height} height={height} fill="#1976d2" opacity={0.75}>
              <title>
                {currency
                  ? t('chart.barRevenue', {
                      day: d.day,
                      energy: formatKwh(d.energyWh / 1000),
                      count: d.sessions,
                      revenue: formatMinor(revenueOf(d), currency),
                    })
                  : t('chart.bar', { day: d.day, energy: formatKwh(d.energyWh / 1000), count: d.sessions })}
              </title>
            </rect>
          );
        })}
        {currency && series.length > 1 ? <path d={line} fill="none" stroke="#2e7d32" strokeWidth={2} /> : null}
      </svg>
      <Typography variant="caption" color="text.secondary">
        {currency
          ? t('chart.captionCurrency', { peak: formatKwh(maxEnergy / 1000), currency })
          : t('chart.caption', { peak: formatKwh(maxEnergy / 1000) })}
      </Typography>
    </Box>
  );
};
