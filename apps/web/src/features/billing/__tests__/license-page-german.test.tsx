import type { LicenseOverview } from '@wattdesk/shared/schemas/billing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { LicensePage } from '../license-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const overview: LicenseOverview = {
  locationId: LOCATION,
  licenses: [
    {
      id: 'lic1',
      seats: 1_500,
      assigned: 2,
      startsAt: '2026-01-10T17:00:00.000Z',
      expiresAt: '2027-01-10T17:00:00.000Z',
      autoRenew: true,
      status: 'ACTIVE',
    },
  ],
  chargers: [
    { id: 'c1', chargerId: 'WD-0001', name: 'Bay 1', licenseId: 'lic1', licensed: true },
    { id: 'c2', chargerId: 'WD-0002', name: 'Bay 2', licenseId: null, licensed: false },
  ],
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/licenses' && method === 'GET') return ok(overview);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
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

// Limits, not measurements: the tables and the dialog render slowly when the shared machine is busy.
describe('License in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, warning, both tables, seats the German way, and the add dialog with its checks', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <LicensePage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Lizenz', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('1 Ladestation hat keine gültige Lizenz. Sie sind im Leitstand markiert.')).toBeInTheDocument();

    const licenses = screen.getByRole('table', { name: 'Lizenzen' });
    await within(licenses).findByText('Ablauf (America/Los_Angeles)');
    expect(
      within(licenses)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Lizenz', 'Belegte Plätze', 'Beginn', 'Ablauf (America/Los_Angeles)', 'Status', 'Automatische Verlängerung', 'Aktionen']);
    expect(within(licenses).getByText('Lizenz 1')).toBeInTheDocument();
    expect(within(licenses).getByText('2 von 1.500')).toBeInTheDocument();
    expect(within(licenses).getByText('Gültig')).toBeInTheDocument();
    expect(within(licenses).getByRole('switch', { name: 'Lizenz 1 verlängert sich automatisch' })).toBeChecked();
    expect(within(licenses).getByRole('button', { name: 'Lizenz 1 um 12 Monate verlängern' })).toHaveTextContent('Verlängern');

    const chargers = screen.getByRole('table', { name: 'Ladestationen und ihre Lizenzen' });
    expect(
      within(chargers)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ladestation', 'Ladestations-ID', 'Lizenz', 'Status']);
    expect(within(chargers).getByText('Lizenziert')).toBeInTheDocument();
    expect(within(chargers).getByText('Nicht lizenziert')).toBeInTheDocument();
    expect(within(chargers).getByRole('combobox', { name: 'Lizenz von Bay 2' })).toHaveTextContent('Keine Lizenz');

    await user.click(screen.getByRole('button', { name: 'Lizenz hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lizenz hinzufügen' });
    expect(within(dialog).getByText(/^Eine Lizenz gibt so vielen Ladestationen, wie sie Plätze hat, für 12 Monate einen Platz/)).toBeInTheDocument();
    const seats = within(dialog).getByRole('textbox', { name: 'Plätze (Ladestationen)' });
    await user.clear(seats);
    await user.type(seats, '5000');
    expect(within(dialog).getByText('Es dürfen höchstens 1.000 Plätze sein')).toBeInTheDocument();
    await user.clear(seats);
    await user.type(seats, '0');
    expect(within(dialog).getByText('Es muss mindestens 1 Platz sein')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lizenz hinzufügen' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
