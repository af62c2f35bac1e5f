import type { ErrorResponse, Paged } from '@wattdesk/shared/schemas/common';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import type { Booking } from '@wattdesk/shared/schemas/schedule';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { BookingDetailsDialog } from '../components/booking-details-dialog.tsx';
import { draftOf } from '../components/move-booking-dialog.tsx';

const ZONE = 'America/Los_Angeles';
const BOOKING = '00000000-0000-4000-8000-0000000000e1';
const D1 = '00000000-0000-4000-8000-0000000000d1';
const D2 = '00000000-0000-4000-8000-0000000000d2';
// 17:00 UTC on 8 December 2026 is 9 AM in Los Angeles (PST, UTC-8); two hours long.
const booking = {
  id: BOOKING,
  seriesId: '00000000-0000-4000-8000-0000000000a1',
  locationId: '00000000-0000-4000-8000-0000000000b1',
  chargerId: '00000000-0000-4000-8000-0000000000c1',
  chargerName: 'Bay 4',
  driverId: D1,
  driverName: 'Ana Ruiz',
  startsAt: '2026-12-08T17:00:00.000Z',
  endsAt: '2026-12-08T19:00:00.000Z',
  state: 'booked',
} satisfies Booking;

/** The fields of a driver (GET /web/drivers) the dialog reads. */
const driver = (id: string, firstName: string, lastName: string) =>
  ({ id, firstName, lastName, role: 'user' }) satisfies Pick<Driver, 'id' | 'firstName' | 'lastName' | 'role'>;

/** The API over real HTTP: the location's active drivers, and a move refused once (an overlap), then made. */
let server: Server;
let driverQueries: URLSearchParams[] = [];
let patches: unknown[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(JSON.parse(text || '{}')));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/drivers') {
      driverQueries.push(url.searchParams);
      return send(res, 200, {
        items: [driver(D1, 'Ana', 'Ruiz'), driver(D2, 'Ben', 'Okafor')],
        total: 2,
        page: 1,
        pageSize: 200,
      } satisfies Paged<Pick<Driver, 'id' | 'firstName' | 'lastName' | 'role'>>);
    }
    if (url.pathname === `/web/charger-schedule/${BOOKING}` && req.method === 'PATCH') {
      void bodyOf(req).then((body) => {
        patches.push(body);
        if (patches.length === 1)
          return send(res, 409, {
            responseCode: 409,
            msg: ['selected chargers are already booked for this time', 'Bay 4: 10 AM to 11 AM'],
          } satisfies ErrorResponse);
        return send(res, 200, { ...booking, driverId: D2, driverName: 'Ben Okafor' } satisfies Booking);
      });
      return;
    }
    return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  driverQueries = [];
  patches = [];
});

const renderAs = (userType: 'SuperAdmin' | 'ReadonlySuperAdmin') => {
  useSession.setState({
    user: {
      userId: 'u1',
      userType,
      locations: ['00000000-0000-4000-8000-0000000000b1'],
      firstName: 'Kim',
      lastName: 'Novak',
      email: 'kim@example.com',
      phoneNumber: null,
      access_token: 'a',
    },
  });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BookingDetailsDialog booking={booking} timeZone={ZONE} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

describe('changing a booking from the schedule', () => {
  it('reads the booking as the location sees it: local date, hour and length', () => {
    expect(draftOf(booking, ZONE)).toEqual({ driverId: D1, startDate: '2026-12-08', startHour: 9, durationHours: 2 });
    // The same instant is the next day in Tokyo.
    expect(draftOf(booking, 'Asia/Tokyo')).toMatchObject({ startDate: '2026-12-09', startHour: 2 });
  });

  it('moves a booking an hour later and gives it to another active driver, showing an overlap refusal first', async () => {
    const user = userEvent.setup();
    const onClose = renderAs('SuperAdmin');
    await user.click(screen.getByRole('button', { name: 'Change booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change booking of Bay 4' });
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('2026-12-08');
    await waitFor(() => expect(driverQueries.at(-1)?.get('status')).toBe('ACTIVE'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Driver' }));
    await user.click(await screen.findByRole('option', { name: 'Ben Okafor (user)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Start hour' }));
    await user.click(await screen.findByRole('option', { name: '10 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save booking' }));
    await waitFor(() => expect(patches).toHaveLength(1), { timeout: 5000 });
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('selected chargers are already booked for this time');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches).toEqual([
      { driverId: D2, startDate: '2026-12-08', startHour: 10, durationHours: 2 },
      { driverId: D2, startDate: '2026-12-08', startHour: 10, durationHours: 2 },
    ]);
  });

  it('offers no change to a role that may not update the schedule', () => {
    renderAs('ReadonlySuperAdmin');
    expect(screen.queryByRole('button', { name: 'Change booking' })).not.toBeInTheDocument();
  });
});
