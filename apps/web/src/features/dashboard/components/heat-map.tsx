import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import type { CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const visuallyHidden: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Utilisation by local weekday and hour: a grid of cells shaded by the share of connector time in use. */
export const HeatMap = ({ cells }: { cells: DashboardOverview['heatMap'] }) => {
  const value = new Map(cells.map((c) => [`${c.weekday}/${c.hour}`, c.utilisation]));
  const peak = Math.max(0.01, ...cells.map((c) => c.utilisation));
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Utilisation by weekday and hour
      </Typography>
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', fontSize: 11 }}
        aria-label="Utilisation by weekday and hour"
      >
        <thead>
          <tr>
            <th scope="col" style={{ width: 36 }}>
              <span style={visuallyHidden}>Day</span>
            </th>
            {HOURS.map((hour) => (
              <th key={hour} scope="col" style={{ fontWeight: 400 }}>
                {hour % 3 === 0 ? hour : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day, index) => (
            <tr key={day}>
              <th scope="row" style={{ fontWeight: 400, textAlign: 'left' }}>
                {day}
              </th>
              {HOURS.map((hour) => {
                const share = value.get(`${index + 1}/${hour}`) ?? 0;
                return (
                  <td
                    key={hour}
                    title={`${day} ${hour}:00 – ${(share * 100).toFixed(1)}%`}
                    style={{ height: 16, border: '1px solid #fff', background: `rgba(25, 118, 210, ${Math.min(1, share / peak)})` }}
                  >
                    <span style={visuallyHidden}>{`${(share * 100).toFixed(1)}%`}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
};
