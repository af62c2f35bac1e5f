import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { RoamingPartner, RoamingPush } from '@wattdesk/shared/schemas/roaming';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { RoamingPage } from '../roaming-page.tsx';

const P1 = '0b6b3a52-7d0e-4d8f-9a51-7a0d3f1c2e11';
const emsp: RoamingPartner = {
  id: P1,
  name: 'ChargeApp',
  status: 'CONNECTED',
  countryCode: 'NL',
  partyId: 'ABC',
  version: '2.2.1',
  versionsUrl: 'https://emsp.example.com/ocpi/versions',
  modules: [
    { identifier: 'tokens', role: 'SENDER' },
    { identifier: 'locations', role: 'RECEIVER' },
  ],
  lastExchangeAt: '2026-12-07T05:30:00Z',
  lastFailureAt: '2026-12-07T05:10:00Z',
  lastFailure: 'HTTP 503 from https://emsp.example.com/ocpi/2.2.1/locations',
  pendingPushes: 1234,
  failingPushes: 1,
  createdAt: '2026-12-01T09:00:00Z',
};
const failing: RoamingPush = {
  id: 7,
  module: 'locations',
  objectKey: 'US/WDK/loc-1',
  method: 'PUT',
  attempts: 4,
  nextAttemptAt: '2026-12-07T05:40:00Z',
  lastError: 'HTTP 503 Service Unavailable',
  createdAt: '2026-12-07T05:00:00Z',
  deliveredAt: null,
};
const paged = <T,>(items: T[], total = items.length): Paged<T> => ({ items, total, page: 1, pageSize: 10 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/roaming/partners' && method === 'GET') return ok({ partners: [emsp] });
  if (path === `/roaming/partners/${P1}/pushes`) return ok(query.state === 'delivered' ? paged([]) : paged([failing], 12));
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  api.calls = [];
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the table, its menu, the dialogs and the drawer render slowly when the machine is busy.
describe('Roaming in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, buttons, columns, status and pushes the German way, a confirmation, the drawer and its outbox', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RoamingPage />);
    expect(await screen.findByRole('heading', { name: 'Roaming', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Partner einladen', 'Mit Partner verbinden']) expect(screen.getByRole('button', { name })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Roaming-Partner' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'OCPI-Kennung', 'Status', 'Version', 'Module', 'Letzter Austausch', 'Letzter Fehler', 'Wartende Übermittlungen', 'Aktionen']);
    expect(within(table).getByText('Verbunden')).toBeInTheDocument();
    expect(within(table).getByText('1.234 ausstehend, 1 fehlerhaft')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aktionen für ChargeApp' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Sperren', 'Neu registrieren', 'Entfernen']);
    await user.click(screen.getByRole('menuitem', { name: 'Sperren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Partner sperren?' });
    expect(confirm).toHaveTextContent('Anfragen von ChargeApp werden abgelehnt');
    expect(within(confirm).getByRole('button', { name: 'Sperren' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'ChargeApp' }));
    const drawer = await screen.findByRole('dialog', { name: 'ChargeApp' });
    expect(within(drawer).getByText('OCPI-Version')).toBeInTheDocument();
    expect(within(drawer).getByText('Versions-URL')).toBeInTheDocument();
    expect(within(drawer).getByText(/^Letzter Fehler am .+: HTTP 503 from/)).toBeInTheDocument();
    expect(within(drawer).getByText('tokens (Sender)')).toBeInTheDocument();
    expect(within(drawer).getByText('locations (Empfänger)')).toBeInTheDocument();
    const pushes = await within(drawer).findByRole('table', { name: 'Übermittlungen' });
    expect(
      within(pushes)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Modul', 'Objekt', 'Methode', 'Versuche', 'Eingereiht', 'Zugestellt oder nächster Versuch', 'Letzter Fehler']);
    expect(within(pushes).getByText(/^Nächster Versuch am /)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'zugestellt' }));
    expect(await within(drawer).findByText('Keine zugestellten Übermittlungen')).toBeInTheDocument();
  });
});
