import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Booking } from '@wattdesk/shared/schemas/schedule';
import { useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Can } from '../../lib/can.tsx';
import { useChargerOptions } from '../../lib/queries/chargers.ts';
import { useLocationState } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useSchedule } from './api/schedule-api.ts';
import { BookingDetailsDialog } from './components/booking-details-dialog.tsx';
import { BookingDialog } from './components/booking-dialog.tsx';
import { WeekCalendar } from './components/week-calendar.tsx';
import { scheduleText } from './schedule-text.ts';
import { addDays, dayLabel, localDateOf, mondayOf, weekDates } from './week-dates.ts';

type Open = { kind: 'book' } | { kind: 'booking'; booking: Booking } | null;

const LocationSchedule = ({ locationId, timeZone }: { locationId: string; timeZone: string }) => {
  // The location's today when the screen opened: the week the calendar starts on.
  const t = useT(scheduleText);
  const [today] = useState(() => localDateOf(Date.now(), timeZone));
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [open, setOpen] = useState<Open>(null);
  const schedule = useSchedule({ locationId, from: monday, days: 7 });
  const chargers = useChargerOptions(locationId);
  const chargerOptions = (chargers.data?.items ?? []).map((charger) => ({ id: charger.id, name: charger.name }));
  const days = weekDates(monday);
  const close = () => setOpen(null);

  return (
    <Paper sx={{ p: 2 }}>
      <FilterBar>
        <Button startIcon={<ChevronLeftIcon />} onClick={() => setMonday(addDays(monday, -7))}>
          {t('week.previous')}
        </Button>
        <Button onClick={() => setMonday(mondayOf(today))} disabled={monday === mondayOf(today)}>
          {t('week.this')}
        </Button>
        <Button endIcon={<ChevronRightIcon />} onClick={() => setMonday(addDays(monday, 7))}>
          {t('week.next')}
        </Button>
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {dayLabel(days[0]!)} – {dayLabel(days[6]!)} ({timeZone})
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Can permission="Schedule_Create">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'book' })} disabled={chargerOptions.length === 0}>
            {t('week.book')}
          </Button>
        </Can>
      </FilterBar>
      {schedule.isFetching ? <LinearProgress aria-label={t('week.loading')} /> : null}
      {schedule.isError && !schedule.data ? (
        <LoadErrorAlert subject={t('week.loadSubject')} error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : null}
      {chargers.isSuccess && chargerOptions.length === 0 ? (
        <EmptyState icon={<EventIcon />} title={t('week.noChargers')}>
          {t('week.noChargersHint')}
        </EmptyState>
      ) : (
        <WeekCalendar
          timeZone={timeZone}
          days={days}
          chargers={chargerOptions}
          bookings={schedule.data?.items ?? []}
          onSelect={(booking) => setOpen({ kind: 'booking', booking })}
        />
      )}
      {schedule.data && schedule.data.items.length === 0 && chargerOptions.length > 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('week.noBookings')}
        </Typography>
      ) : null}
      {open?.kind === 'book' ? (
        <BookingDialog
          locationId={locationId}
          timeZone={timeZone}
          chargers={chargerOptions}
          startDate={monday > today ? monday : today}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'booking' ? <BookingDetailsDialog booking={open.booking} timeZone={timeZone} onClose={close} /> : null}
    </Paper>
  );
};

/** Charger schedule (menu charger-schedule): a week of bookings per location, booking and cancelling. */
export const SchedulePage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const location = useLocationState(locationId);
  const timeZone = location.data?.timeZone;
  const t = useT(scheduleText);
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {!locationId ? <ChooseLocation purpose={t('page.choosePurpose')} /> : null}
      {locationId && timeZone ? <LocationSchedule key={locationId} locationId={locationId} timeZone={timeZone} /> : null}
      {locationId && location.isPending ? <LinearProgress aria-label={t('page.loadingLocation')} /> : null}
    </>
  );
};
