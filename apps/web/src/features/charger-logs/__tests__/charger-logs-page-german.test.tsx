import type { Charger } from '@wattdesk/shared/schemas/chargers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { ChargerLogEntry, ChargerLogResponse } from '@wattdesk/shared/schemas/charger-log';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import {
  allowDownloads,
  allowForBusyMachine,
  type ApiRoutes,
  ok,
  refusal,
  renderAs,
  startTestApi,
  type TestApi,
} from '../../../testing/test-api.tsx';
import { ChargerLogsPage } from '../charger-logs-page.tsx';

const LOCATION = 'loc-1';
const entry: ChargerLogEntry = {
  id: 'e1',
  at: '2026-11-22T10:00:00.000Z',
  chargerId: 'c1',
  chargerCode: 'WD-TEST-01',
  chargerName: 'Bay 1',
  kind: 'fault',
  summary: 'Connector 1 faulted: GroundFailure',
};
let logItems: ChargerLogEntry[] = [];

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/charger-events') return ok({ items: logItems, total: logItems.length, page: 1, pageSize: 25 } satisfies ChargerLogResponse);
  if (path === '/charger-events/export') return { status: 200, file: 'Time,Charger\r\n', contentType: 'text/csv', fileName: 'charger-log.csv' };
  if (path === '/chargers')
    return ok({
      items: [{ id: 'c1', name: 'Bay 1', chargerId: 'WD-TEST-01' }],
      total: 1,
      page: 1,
      pageSize: 200,
    } satisfies Paged<Pick<Charger, 'id' | 'name' | 'chargerId'>>);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
  // The live feed (GET /web/live) stops on a 403; this page is tested without it.
  if (path === '/live') return refusal(403, 'Not here');
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(async () => {
  logItems = [entry];
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid and its menus render slowly when the shared machine is busy.
describe('Logs in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, columns, the kind chip and filter, empty state and the export toast', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ChargerLogsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Protokolle', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Protokoll der Ladestationen' });
    expect(await within(grid).findByText('Connector 1 faulted: GroundFailure', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Zeit', 'Ladestation', 'Art', 'Zusammenfassung']);
    expect(within(grid).getByText('Störung')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Zusammenfassung durchsuchen' })).toBeInTheDocument();

    logItems = [];
    await user.click(screen.getByRole('combobox', { name: 'Art' }));
    expect(screen.getByRole('option', { name: 'Jede Art' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Datenübertragung' }));
    await waitFor(() => expect(api.callsTo('/charger-events').at(-1)?.query).toMatchObject({ kind: 'data-transfer' }));
    expect(await screen.findByText('Kein Protokolleintrag entspricht diesen Filtern', {}, { timeout: 20_000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    expect(await screen.findByText('charger-log.csv heruntergeladen', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
