import type { ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowDownloads, allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ActivityLogPage } from '../activity-log-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const deactivation = {
  id: 'a1',
  createdAt: '2026-11-22T10:00:05.000Z',
  actorUserId: 'u9',
  actorEmail: 'lee@example.com',
  actorName: 'Lee Park',
  actorType: 'SuperAdmin',
  action: 'admin.deactivate',
  entity: 'user',
  entityId: 'd1',
  entityName: null,
  locationId: LOCATION,
  locationName: 'Diridon Station',
  locationTimeZone: 'Europe/Berlin',
  changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
  ipAddress: '203.0.113.7',
} satisfies ActivityLogItem;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });
const diridon = { id: LOCATION, name: 'Diridon Station', city: 'San Jose' } as LocationListItem;

let api: TestApi;
let rows: ActivityLogItem[] = [];
const routes: ApiRoutes = ({ path }) => {
  if (path === '/activity-logs') return ok(paged(rows));
  if (path === '/activity-logs/export')
    return { status: 200, file: 'Time,Actor\r\n', contentType: 'text/csv', fileName: 'activity-log-2026-11-22.csv' };
  if (path === '/locations') return ok(paged([diridon]));
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(async () => {
  rows = [deactivation];
  api.calls = [];
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid and its menus render slowly when the shared machine is busy.
describe('Activity Log in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, filters, columns, the action’s name and the time the German way; the export toast too', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ActivityLogPage />);
    expect(await screen.findByRole('heading', { name: 'Aktivitätsprotokoll', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Wer was wann geändert hat, im gesamten Netz.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail des Akteurs' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Aktivität' });
    expect(await within(grid).findByText('Lee Park', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Zeit', 'Akteur · IP-Adresse', 'Aktion', 'Objekt', 'Standort', 'Änderungen']);
    expect(within(grid).getByText('Administrator deaktiviert')).toBeInTheDocument();
    expect(within(grid).getByText('admin.deactivate')).toBeInTheDocument();
    expect(within(grid).getByText('von 203.0.113.7')).toBeInTheDocument();
    // An entity without a name: its kind in German, its id beneath.
    expect(within(grid).getByText('Benutzer')).toBeInTheDocument();
    expect(within(grid).getByText('22. Nov. 2026, 11:00:05 MEZ')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Objekt' }));
    expect(screen.getByRole('option', { name: 'Jedes Objekt' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Ladestation' }));
    await waitFor(() => expect(api.callsTo('/activity-logs').at(-1)?.query).toMatchObject({ entity: 'charger' }));

    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    expect(await screen.findByText('activity-log-2026-11-22.csv heruntergeladen')).toBeInTheDocument();
  });

  it('says so in German when nothing was recorded', async () => {
    rows = [];
    renderAs('PortfolioManager', <ActivityLogPage />, [LOCATION]);
    expect(await screen.findByText('Noch keine Aktivität aufgezeichnet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Wer was wann geändert hat, an Ihren Standorten und an Ihrem eigenen Konto.')).toBeInTheDocument();
  });
});
