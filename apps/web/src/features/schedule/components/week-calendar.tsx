import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Booking } from '@wattdesk/shared/schemas/schedule';
import type { CSSProperties } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { formatTime } from '../../../lib/format-time.ts';
import { scheduleText } from '../schedule-text.ts';
import { dayLabel, localDateOf } from '../week-dates.ts';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

type WeekCalendarProps = {
  timeZone: string;
  days: readonly string[];
  chargers: readonly { id: string; name: string }[];
  bookings: readonly Booking[];
  onSelect: (booking: Booking) => void;
};

/** The local days a booking touches: a 36-hour booking shows on each. */
const daysOf = (booking: Booking, timeZone: string): Set<string> => {
  const first = localDateOf(booking.startsAt, timeZone);
  const last = localDateOf(Date.parse(booking.endsAt) - 1, timeZone);
  const days = new Set([first]);
  for (let day = first; day < last;) {
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    days.add(day);
  }
  return days;
};

/**
 * A week of bookings: a row per charger, a column per local day. Each booking is a button (Tab reaches
 * it, Enter opens it), named with its times, driver, charger and day so a screen reader hears the whole cell.
 */
export const WeekCalendar = ({ timeZone, days, chargers, bookings, onSelect }: WeekCalendarProps) => {
  const t = useT(scheduleText);
  const byCell = new Map<string, Booking[]>();
  for (const booking of bookings)
    for (const day of daysOf(booking, timeZone)) {
      const key = `${booking.chargerId}|${day}`;
      byCell.set(key, [...(byCell.get(key) ?? []), booking]);
    }
  return (
    // Focusable so a keyboard can scroll the week sideways on a narrow screen.
    <TableContainer role="region" aria-label={t('calendar.region')} tabIndex={0} data-scrolls-sideways>
      <Table size="small" aria-label={t('calendar.label', { timeZone })} sx={{ tableLayout: 'fixed', minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 160 }}>
              {t('calendar.charger')}
            </TableCell>
            {days.map((day) => (
              <TableCell key={day} component="th" scope="col">
                {dayLabel(day)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {chargers.map((charger) => (
            <TableRow key={charger.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {charger.name}
              </TableCell>
              {days.map((day) => (
                <TableCell key={day} sx={{ verticalAlign: 'top', px: 0.5 }}>
                  <Stack spacing={0.5}>
                    {(byCell.get(`${charger.id}|${day}`) ?? []).map((booking) => {
                      const times = `${formatTime(booking.startsAt, timeZone)} – ${formatTime(booking.endsAt, timeZone)}`;
                      return (
                        <Button
                          key={booking.id}
                          size="small"
                          variant={booking.state === 'reserved' ? 'contained' : 'outlined'}
                          onClick={() => onSelect(booking)}
                          sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', display: 'block', px: 0.75 }}
                        >
                          <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                            {times}
                          </Typography>
                          <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                            {booking.driverName}
                          </Typography>
                          {/* The name starts with what is seen (WCAG 2.5.3); the rest places the cell for a screen reader. */}
                          <span style={visuallyHidden}>
                            {t(booking.state === 'reserved' ? 'calendar.cellReserved' : 'calendar.cell', {
                              charger: charger.name,
                              day: dayLabel(day),
                            })}
                          </span>
                        </Button>
                      );
                    })}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
