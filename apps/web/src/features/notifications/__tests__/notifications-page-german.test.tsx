import type { Notification, NotificationList, NotificationPreferences } from '@wattdesk/shared/schemas/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { NotificationBell } from '../components/notification-bell.tsx';
import { NotificationsPage } from '../notifications-page.tsx';

const notification = {
  id: 'n1',
  type: 'charger-faulted',
  locationId: 'l1',
  locationName: 'Hauptbahnhof',
  timeZone: 'Europe/Berlin',
  title: 'Bay 1 faulted',
  body: 'Connector 1 reported a fault.',
  // Written before notifications kept their params: its stored English is all there is to show.
  params: null,
  read: false,
  createdAt: '2026-11-27T10:00:00.000Z',
} satisfies Notification;
const offline = {
  id: 'n2',
  type: 'charger-offline',
  locationId: 'l1',
  locationName: 'Hauptbahnhof',
  timeZone: 'Europe/Berlin',
  title: 'Bay 7 is offline',
  body: 'Bay 7 has not been connected for more than 1,500 minutes (last seen 2026-11-27T08:30:00.000Z).',
  params: { name: 'Bay 7', minutes: 1500, lastSeenAt: '2026-11-27T08:30:00.000Z' },
  read: true,
  createdAt: '2026-11-28T09:30:00.000Z',
} satisfies Notification;

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/notifications/notification-list')
    return ok({ items: [notification, offline], total: 2, page: 1, pageSize: 25, unreadCount: 1204 } satisfies NotificationList);
  if (path === '/notifications/preferences') return ok({ emailTypes: ['charger-faulted'] } satisfies NotificationPreferences);
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Notifications in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, unread count the German way, filters, columns, type and state, the e-mail settings', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <NotificationsPage />);
    expect(await screen.findByRole('heading', { name: 'Benachrichtigungen', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('1.204 ungelesen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Benachrichtigungen' });
    expect(await within(grid).findByText('Bay 1 faulted')).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Status', 'Wann', 'Art', 'Benachrichtigung', 'Details', 'Standort', 'Aktionen']);
    expect(within(grid).getByText('Ungelesen')).toBeInTheDocument();
    expect(within(grid).getByText('Eine Ladestation hat einen Fehler')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Als gelesen markieren: Bay 1 faulted' })).toBeInTheDocument();
    // A notification with its params reads German, its count the German way and its time on the location's clock.
    expect(within(grid).getByText('Bay 7 ist offline')).toBeInTheDocument();
    expect(
      within(grid).getByText('Bay 7 ist seit mehr als 1.500 Minuten nicht verbunden (zuletzt gesehen: 27. Nov. 2026, 09:30 MEZ).'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Lesestatus' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Gelesen und ungelesen', 'Ungelesen', 'Gelesen']);
    await user.keyboard('{Escape}');

    const settings = screen.getByRole('region', { name: 'E-Mail-Einstellungen' });
    expect(within(settings).getByText('Senden Sie mir auch eine E-Mail, wenn')).toBeInTheDocument();
    expect(await within(settings).findByRole('checkbox', { name: 'Eine Ladestation hat einen Fehler' })).toBeChecked();
  });

  it('names the bell and its popover in German', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 99+ ungelesen' }, { timeout: 20_000 }));
    const popover = screen.getByRole('dialog', { name: 'Benachrichtigungen' });
    // The panel loads when the bell is first opened (bench bundle-size).
    expect(await within(popover).findByRole('button', { name: 'Ungelesen: Bay 1 faulted' }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Alle als gelesen markieren', 'E-Mail-Einstellungen'])
      expect(within(popover).getByRole('button', { name })).toBeInTheDocument();
    expect(within(popover).getByRole('link', { name: 'Alle anzeigen' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Ungelesen: Bay 1 faulted' })).toBeInTheDocument();
    const german = within(popover).getByRole('button', { name: 'Bay 7 ist offline' });
    expect(german).toHaveTextContent(
      'Bay 7 ist seit mehr als 1.500 Minuten nicht verbunden (zuletzt gesehen: 27. Nov. 2026, 09:30 MEZ). Hauptbahnhof, 28. Nov. 2026, 10:30 MEZ',
    );
  });
});
