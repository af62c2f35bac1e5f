import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import type { CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPercent } from '@wattdesk/shared/format';
import { useT } from '../../../i18n/use-t.ts';
import { dashboardText } from '../dashboard-text.ts';

const visuallyHidden: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };
/** ISO weekdays, Monday first, as the server numbers them. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Utilisation by local weekday and hour: a grid of cells shaded by the share of connector time in use. */
export const HeatMap = ({ cells }: { cells: DashboardOverview['heatMap'] }) => {
  const value = new Map(cells.map((c) => [`${c.weekday}/${c.hour}`, c.utilisation]));
  const peak = Math.max(0.01, ...cells.map((c) => c.utilisation));
  const t = useT(dashboardText);
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('heat.title')}
      </Typography>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', fontSize: 11 }} aria-label={t('heat.title')}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <span style={visuallyHidden}>{t('heat.day')}</span>
            </th>
            {HOURS.map((hour) => (
              <th key={hour} scope="col" style={{ fontWeight: 400 }}>
                {hour % 3 === 0 ? hour : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday) => {
            const day = t(`heat.weekday.${weekday}`);
            return (
              <tr key={weekday}>
                <th scope="row" style={{ fontWeight: 400, textAlign: 'left' }}>
                  {day}
                </th>
                {HOURS.map((hour) => {
                  const share = value.get(`${weekday}/${hour}`) ?? 0;
                  return (
                    <td
                      key={hour}
                      title={t('heat.cell', { day, hour, share: formatPercent(share * 100) })}
                      style={{ height: 16, border: '1px solid #fff', background: `rgba(25, 118, 210, ${Math.min(1, share / peak)})` }}
                    >
                      <span style={visuallyHidden}>{formatPercent(share * 100)}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
};
