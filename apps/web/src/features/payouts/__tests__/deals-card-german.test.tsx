import type { Deal } from '@wattdesk/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DealsCard } from '../components/deals-card.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const share = {
  id: 'deal-1',
  locationId: LOCATION,
  kind: 'revenue_share',
  startDate: '2026-01-01',
  termMonths: 12,
  hostBps: 7000,
  resellerBps: 1250,
  platformBps: 1750,
  currency: null,
  monthlyFee: null,
  createdByEmail: 'ops@example.com',
  createdAt: '2025-12-20T10:00:00.000Z',
} satisfies Deal;
const fee = {
  ...share,
  id: 'deal-2',
  kind: 'fixed_fee',
  termMonths: 1,
  hostBps: null,
  resellerBps: null,
  platformBps: null,
  currency: 'USD',
  monthlyFee: 123456,
} satisfies Deal;

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => (path === '/payments/payouts/deals' && method === 'GET' ? ok({ items: [share, fee] }) : undefined);

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: MUI's dialogs render slowly when the shared machine is busy.
describe('Deals in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: columns, kinds, months and terms the German way; the Add deal dialog', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <DealsCard locationId={LOCATION} currency="USD" />, [LOCATION]);
    const table = await screen.findByRole('table', { name: 'Vereinbarungen' }, { timeout: 20_000 });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole(row === rows[0] ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
      ),
    ).toEqual([
      ['Art', 'Startdatum', 'Laufzeit', 'Konditionen'],
      ['Umsatzbeteiligung', '2026-01-01', '12 Monate', 'Betreiber 70 %, Wiederverkäufer 12,5 %, Plattform 17,5 %'],
      ['Feste Monatsgebühr', '2026-01-01', '1 Monat', '1.234,56 $ pro Monat'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Vereinbarung hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Vereinbarung hinzufügen' });
    expect(within(dialog).getByRole('combobox', { name: 'Art der Vereinbarung' })).toHaveTextContent('Umsatzbeteiligung');
    for (const name of ['Laufzeit (Monate)', 'Betreiber (%)', 'Wiederverkäufer (%)', 'Plattform (%)'])
      expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
