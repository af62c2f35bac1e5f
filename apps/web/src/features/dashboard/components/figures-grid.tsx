import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { formatKwh, formatNumber, formatPercent, formatSeconds } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import { useCan } from '../../../lib/can.tsx';
import type { DayRange } from '../range.ts';
import { FigureCard } from './figure-card.tsx';

const kwh = (wh: number) => formatKwh(wh / 1000);
const percent = (share: number) => formatPercent(share * 100);

/** The ten figures, each with its change and, where the user may open it, the list behind it. */
export const FiguresGrid = ({ overview, range }: { overview: DashboardOverview | undefined; range: DayRange }) => {
  const can = useCan();
  const f = overview?.figures;
  const money = f?.revenue[0];
  const sessionsList = can('Charging_Sessions_View') ? `/dashboard/sessions?from=${range.from}&to=${range.to}` : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(5, 1fr)' }, mb: 3 }}>
      <FigureCard
        name="figure.energy"
        value={f && kwh(f.energyWh.current)}
        current={f?.energyWh.current}
        previous={f?.energyWh.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.sessions"
        value={f && formatNumber(f.sessions.current)}
        current={f?.sessions.current}
        previous={f?.sessions.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.revenue"
        value={f && (money ? f.revenue.map((r) => formatMinor(r.current, r.currency)).join(' · ') : formatMinor(0, 'USD'))}
        current={money?.current}
        previous={money?.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.avgEnergy"
        value={f && kwh(f.avgEnergyWh.current)}
        current={f?.avgEnergyWh.current}
        previous={f?.avgEnergyWh.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.avgDuration"
        value={f && formatSeconds(f.avgDurationSeconds.current)}
        current={f?.avgDurationSeconds.current}
        previous={f?.avgDurationSeconds.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.utilisation"
        value={f && percent(f.utilisation.current)}
        current={f?.utilisation.current}
        previous={f?.utilisation.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.uptime"
        value={f && percent(f.uptime.current)}
        current={f?.uptime.current}
        previous={f?.uptime.previous}
        to={can('Control_Center_View') ? '/dashboard/control-center' : undefined}
      />
      <FigureCard
        name="figure.idle"
        value={f && formatSeconds(f.idleSeconds.current)}
        current={f?.idleSeconds.current}
        previous={f?.idleSeconds.previous}
        to={sessionsList}
      />
      <FigureCard
        name="figure.violations"
        value={f && formatNumber(f.violations.current)}
        current={f?.violations.current}
        previous={f?.violations.previous}
        to={can('Violations_View') ? '/dashboard/profile/violations' : undefined}
      />
      <FigureCard
        name="figure.drivers"
        value={f && formatNumber(f.uniqueDrivers.current)}
        current={f?.uniqueDrivers.current}
        previous={f?.uniqueDrivers.previous}
        to={can('Drivers_View') ? '/dashboard/drivers' : undefined}
      />
    </Box>
  );
};
