import { MONTHS } from '@wattdesk/shared/constants';
import type { BillsResponse, EnergyDataResponse, Meter, UtilityConfig } from '@wattdesk/shared/schemas/utility';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { UtilityPage } from '../utility-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const config: UtilityConfig = {
  id: 'u1',
  locationId: LOCATION,
  provider: 'Stadtwerke',
  accountNumber: 'A-100',
  rateSchedule: 'G1',
  meters: ['1009876543'],
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};
const meter: Meter = {
  id: 'm1',
  locationId: LOCATION,
  meterNumber: '1009876543',
  utility: 'electric',
  unit: 'kWh',
  note: '',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const bills = (year: number): BillsResponse => ({
  utilityConfigId: 'u1',
  year,
  currency: 'EUR',
  months: MONTHS.map((month) => ({ month: month.key, energyKwh: month.key === 'january' ? 1234.5 : null, costMinor: null, file: null })),
});
const energy: EnergyDataResponse = {
  timeZone: 'Europe/Berlin',
  points: [
    { at: '2026-12-01T10:00:00.000Z', utilityKwh: 1500, chargersKwh: 750 },
    { at: '2026-12-01T11:00:00.000Z', utilityKwh: 1000, chargersKwh: 500 },
  ],
  utilityKwh: 2500,
  chargersKwh: 1250,
};

let api: TestApi;
const routes: ApiRoutes = ({ path, query }) => {
  if (path === '/utility-config') return ok({ items: [config] });
  if (path === '/meters') return ok({ items: [meter] });
  if (path === '/bills') return ok(bills(Number(query.year)));
  if (path === '/energy-data') return ok(energy);
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

describe('Utility Info in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, sections, meters, the bills table, the energy legend and the utility dialog', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <UtilityPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Energieversorger', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Versorgerverträge/, level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Konto A-100 · Tarif G1 · Zähler 1009876543', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Unten angezeigt')).toBeInTheDocument();

    const meters = await screen.findByRole('list', { name: 'Zähler' });
    expect(await within(meters).findByText(/· Strom · kWh/)).toBeInTheDocument();
    expect(within(meters).getByRole('button', { name: 'Zähler 1009876543 ändern' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: /Rechnungen: Stadtwerke A-100/, level: 2 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Monatsrechnungen \d{4}$/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Monat', 'Energie', 'Betrag', 'Rechnung']);
    expect(within(table).getByTitle('Dezember')).toHaveTextContent('Dez.');
    expect(within(table).getByRole('textbox', { name: 'Energie Januar (kWh)' })).toHaveValue('1234,5');
    expect(within(table).getByRole('textbox', { name: 'Betrag März (EUR)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Rechnungen \d{4} speichern$/ })).toBeInTheDocument();

    expect(await screen.findByText(/Versorgerzähler: 2\.500,00 kWh/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Ladestationen: 1\.250,00 kWh \(50,0\s%\sdes Versorgerzählers\) · von 1\. Dez\. 2026, 11:00 .+ bis 1\. Dez\. 2026, 12:00 .+ \(Europe\/Berlin\)/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Versorgervertrag hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versorgervertrag hinzufügen' });
    for (const name of ['Versorger', 'Kontonummer', 'Tarif des Versorgers', 'Zähler'])
      expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hinzufügen' })).toBeInTheDocument();
  });
});
