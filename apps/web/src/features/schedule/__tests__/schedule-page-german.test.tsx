import type { Charger, ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import type { Booking, ScheduleResponse } from '@wattdesk/shared/schemas/schedule';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SchedulePage } from '../schedule-page.tsx';

const LOCATION = '00000000-0000-4000-8000-0000000000b1';
const ZONE = 'Europe/Berlin';
const charger = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Bay 1', locationId: LOCATION } as Charger;
const chargers: ChargerListResponse = {
  items: [charger],
  total: 1,
  page: 1,
  pageSize: 200,
  statusCounts: { available: 1, charging: 0, offline: 0, maintenance: 0, faulted: 0 },
};
// This hour, two hours long: always in the week the calendar opens on (it may run into the next day).
const start = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const booking = {
  id: '00000000-0000-4000-8000-0000000000e1',
  seriesId: '00000000-0000-4000-8000-0000000000a1',
  locationId: LOCATION,
  chargerId: charger.id,
  chargerName: 'Bay 1',
  driverId: '00000000-0000-4000-8000-0000000000d1',
  driverName: 'Ana Ruiz',
  startsAt: new Date(start).toISOString(),
  endsAt: new Date(start + 2 * 3_600_000).toISOString(),
  state: 'reserved',
} satisfies Booking;
const drivers: Paged<Pick<Driver, 'id' | 'firstName' | 'lastName' | 'role'>> = {
  items: [{ id: booking.driverId, firstName: 'Ana', lastName: 'Ruiz', role: 'sub-user' }],
  total: 1,
  page: 1,
  pageSize: 200,
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/locations/location-by-id') return ok({ locationId: LOCATION, name: 'Hauptbahnhof', timeZone: ZONE });
  if (path === '/chargers') return ok(chargers);
  if (path === '/charger-schedule' && method === 'GET') return ok({ timeZone: ZONE, items: [booking] } satisfies ScheduleResponse);
  if (path === '/drivers') return ok(drivers);
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Charger Schedule in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, week buttons, the calendar, a booking and its dialog, the booking form', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <SchedulePage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Ladestationsplan', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Vorherige Woche', 'Diese Woche', 'Nächste Woche']) expect(await screen.findByRole('button', { name })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: `Buchungen der Woche, Uhrzeiten in ${ZONE}` });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Ladestation');
    const [cell] = await within(table).findAllByRole('button', { name: /Ana Ruiz.*Bay 1.*an der Ladestation reserviert$/ });
    await user.click(cell!);
    const details = await screen.findByRole('dialog', { name: 'Bay 1 für Ana Ruiz' });
    expect(
      within(details).getByText('An der Ladestation reserviert: Nur die ID-Tags dieses Fahrers können dort einen Ladevorgang starten.'),
    ).toBeInTheDocument();
    for (const name of ['Buchung ändern', 'Diese und spätere stornieren', 'Buchung stornieren', 'Schließen'])
      expect(within(details).getByRole('button', { name })).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Buchung stornieren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buchung stornieren?' });
    expect(
      within(confirm).getByText(/^Bay 1 wird für .+ bis .+ freigegeben\. Eine Reservierung, die die Ladestation bereits hält/),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await user.click(await screen.findByRole('button', { name: 'Schließen' }));

    await user.click(await screen.findByRole('button', { name: 'Ladestationen buchen' }));
    const form = await screen.findByRole('dialog', { name: 'Ladestationen buchen' });
    await user.click(within(form).getByRole('combobox', { name: 'Fahrer' }));
    expect(await screen.findByRole('option', { name: 'Ana Ruiz (Unterbenutzer)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(form).getByRole('combobox', { name: 'Startzeit' })).toHaveTextContent('09:00');
    expect(within(form).getByRole('combobox', { name: 'Dauer' })).toHaveTextContent('1 Stunde');
    await user.click(within(form).getByRole('combobox', { name: 'Wiederholen' }));
    const repeats = screen.getAllByRole('option').map((option) => option.textContent);
    expect(repeats).toEqual(['Keine Wiederholung', 'Alle Tage', 'Werktage', 'Wochenenden']);
    await user.keyboard('{Escape}');
    expect(within(form).getByRole('button', { name: 'Buchen' })).toBeInTheDocument();
  });
});
