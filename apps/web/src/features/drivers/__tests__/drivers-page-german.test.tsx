import type { Driver, DriverAccessSettings } from '@wattdesk/shared/schemas/drivers';
import type { DriverPaymentMethod } from '@wattdesk/shared/schemas/driver-payments';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DriversPage } from '../drivers-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const rosa = {
  id: 'd1',
  locationId: LOCATION,
  email: 'rosa@example.com',
  firstName: 'Rosa',
  lastName: 'Diaz',
  phoneNumber: '+1 408 555 0100',
  status: 'ACTIVE',
  role: 'sub-user',
  mainDriver: { id: 'd0', name: 'Kim Lee' },
  subUserCount: 0,
  idTags: [
    { id: 't1', tag: '04A1B2C3', kind: 'rfid' },
    { id: 't2', tag: 'APP-77', kind: 'app' },
  ],
  sessionCount: 1204,
  energyKwh: 1234.5,
  costs: [{ currency: 'USD', amountMinor: 1234 }],
  account: null,
  lastSessionAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-01-05T08:00:00.000Z',
  restrictions: {
    locationIds: [],
    chargerIds: [],
    days: 'all-days',
    hourFrom: null,
    hourTo: null,
    maxKwhPerSession: null,
    maxSessionsPerDay: null,
    expiresOn: null,
  },
} satisfies Driver;
const card: DriverPaymentMethod = {
  driverId: 'd1',
  accountDriverId: 'd0',
  card: { brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2034, status: 'requires_update', updatedAt: '2026-12-01T10:00:00.000Z' },
  hasFailedPayment: false,
  sandbox: false,
};

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/drivers' && method === 'GET') return ok(paged([rosa]));
  if (path === '/drivers/d1' && method === 'GET') return ok(rosa);
  if (path === '/drivers/d1/payment-method') return ok(card);
  if (path === '/drivers/d1/payments' || path === '/drivers/d1/sessions') return ok({ items: [], total: 0, page: 1, pageSize: 10 });
  if (path === '/drivers/access-settings') return ok({ locationId: LOCATION, acceptUnknownTags: false } satisfies DriverAccessSettings);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station' });
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
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid, its menu and the dialog render slowly when the shared machine is busy.
describe('Drivers in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, buttons, columns, role and tags, figures the German way; the details and the Payment tab too', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <DriversPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Fahrer', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Fahrer registrieren', 'CSV importieren', 'CSV exportieren'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name, E-Mail, Telefon oder ID-Tag suchen' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Fahrer' });
    expect(await within(grid).findByText('Rosa Diaz', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'E-Mail · Telefon', 'Status', 'Rolle', 'ID-Tags', 'Vorgänge · Energie', 'Kosten', 'Aktionen']);
    expect(within(grid).getByText('Unterbenutzer von Kim Lee')).toBeInTheDocument();
    expect(within(grid).getByText('APP-77 (App)')).toBeInTheDocument();
    expect(within(grid).getByText('1.204')).toBeInTheDocument();
    expect(within(grid).getByText('1.234,50 kWh')).toBeInTheDocument();
    expect(within(grid).getByText(/^12,34\s\$$/)).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Mehr' }));
    await user.click(screen.getByRole('menuitem', { name: 'Details, Ladevorgänge und Einschränkungen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rosa Diaz' });
    expect(within(dialog).getByText('Telefon')).toBeInTheDocument();
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Ladevorgänge', 'Einschränkungen', 'Dokumente', 'Zahlung']);
    await user.click(within(dialog).getByRole('tab', { name: 'Zahlung' }));
    expect(await within(dialog).findByText('Gültig bis 03/2034', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Neue Karte nötig')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Die Ladevorgänge eines Unterbenutzers werden über die Karte seines Hauptbenutzers abgerechnet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Karte ersetzen' })).toBeInTheDocument();
  });
});
