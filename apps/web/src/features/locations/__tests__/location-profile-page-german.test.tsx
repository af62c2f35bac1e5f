import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem, LocationState } from '@wattdesk/shared/schemas/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { LocationSwitcher } from '../components/location-switcher.tsx';
import { LocationProfilePage } from '../location-profile-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const LIST: LocationListItem[] = [
  { id: LOCATION, name: 'Diridon Station', city: 'San José', hasReseller: false, chargerCount: 1204 },
  { id: 'loc-b', name: 'Bravo Lot', city: 'Oakland', hasReseller: true, chargerCount: 2 },
];
const state = {
  locationId: LOCATION,
  name: 'Diridon Station',
  address: { addressLine1: '65 Cahill St', addressLine2: '', city: 'San José', state: 'CA', zipCode: '95110' },
  loc: { type: 'Point', coordinates: [-121.9026, 37.3297] },
  chargers: [],
  chargerCount: 1204,
  locationCode: '482913',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  otherFees: { sessionFee: null, defaultSessionFee: 0 },
  hasReseller: false,
  publishToRoaming: true,
  countryCode: 'USA',
} as unknown as LocationState;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/locations') return ok(paged(LIST));
  if (path === '/locations/location-by-id') return ok(state);
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
  useSelectedLocation.setState({ locationId: null });
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Locations in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German without a location: the switcher, the overview grid, its filter and the reseller confirmation', async () => {
    useSelectedLocation.setState({ locationId: null });
    const user = userEvent.setup();
    renderAs(
      'SuperAdmin',
      <>
        <LocationSwitcher />
        <LocationProfilePage />
      </>,
      [LOCATION, 'loc-b'],
    );
    expect(await screen.findByRole('heading', { name: 'Standort', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Alle Standorte, auf die Sie Zugriff haben. Öffnen Sie einen oder wählen Sie ihn oben in der Leiste, um sein Profil anzuzeigen und zu bearbeiten.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Standort' })).toHaveValue('Alle Standorte');
    expect(screen.getByRole('button', { name: 'Neuer Standort' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Standorte suchen' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Standorte' });
    expect(await within(grid).findByText('Diridon Station', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Name', 'Ort', 'Ladestationen', 'Wiederverkäufer', 'Öffnen']);
    expect(within(grid).getByText('1.204')).toBeInTheDocument();
    expect(within(grid).getByText('Nein')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Diridon Station öffnen' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Kein Standort ausgewählt');

    await user.click(within(within(grid).getByText('Diridon Station').closest<HTMLElement>('[role="row"]')!).getByRole('checkbox'));
    expect(screen.getByRole('status')).toHaveTextContent('1 Standort ausgewählt');
    await user.click(screen.getByRole('button', { name: 'Als Wiederverkäufer markieren' }));
    const dialog = await screen.findByRole('dialog', { name: '1 Standort als über einen Wiederverkäufer vertrieben markieren?' });
    expect(within(dialog).getByText('Für Diridon Station wird der Vertrieb über einen Wiederverkäufer angezeigt.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
  });

  it('reads German with a location: the profile form, access code, reseller and roaming switches, deletion', async () => {
    useSelectedLocation.setState({ locationId: LOCATION });
    const user = userEvent.setup();
    renderAs('SuperAdmin', <LocationProfilePage />, [LOCATION]);
    expect(await screen.findByText('San José · 1.204 Ladestationen', {}, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Name', 'Adresszeile 1', 'Adresszeile 2', 'Ort', 'Bundesland/Region', 'Postleitzahl', 'Breitengrad', 'Längengrad'])
      expect(screen.getByRole(/grad$/.test(name) ? 'spinbutton' : 'textbox', { name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zeitzone' })).toBeInTheDocument();
    expect(screen.getByText('Position – klicken Sie auf die Karte oder geben Sie die Koordinaten ein')).toBeInTheDocument();
    expect(screen.getByRole('application', { name: 'Karte: klicken Sie, um die Markierung des Standorts zu setzen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Zugang', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Über einen Wiederverkäufer vertrieben' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Für Roaming-Partner veröffentlichen' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Neuen Code erzeugen' }));
    const code = await screen.findByRole('dialog', { name: 'Neuen Zugangscode erzeugen?' });
    expect(within(code).getByText('Fahrer, die den aktuellen Code 482913 verwenden, brauchen dann den neuen.')).toBeInTheDocument();
    await user.click(within(code).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Standort löschen' }));
    const removal = await screen.findByRole('dialog', { name: 'Diridon Station löschen?' });
    expect(within(removal).getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
  });
});
