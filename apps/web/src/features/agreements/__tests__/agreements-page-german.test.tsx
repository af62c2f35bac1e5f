import type { Agreement } from '@wattdesk/shared/schemas/agreements';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { AgreementsPage } from '../agreements-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const sent = {
  id: 'ag1',
  locationId: LOCATION,
  accountName: 'Harbor Holdings',
  propertyName: 'Pier 39 Garage',
  address: { street: '1 Pier 39', city: 'San Francisco', state: 'CA', zip: '94133' },
  signerName: 'Ana Ruiz',
  signerEmail: 'ana@example.com',
  status: 'sent',
  sentAt: '2026-11-03T17:00:00.000Z',
  sendCount: 2,
  expiresAt: '2026-12-03T17:00:00.000Z',
  signedAt: null,
  createdAt: '2026-11-03T17:00:00.000Z',
} satisfies Agreement;
const expired = { ...sent, id: 'ag2', propertyName: 'Bay Lot', status: 'expired', sendCount: 1 } satisfies Agreement;
const signed = {
  ...sent,
  id: 'ag3',
  propertyName: 'Mission Garage',
  status: 'signed',
  sendCount: 1,
  signedAt: '2026-11-05T17:00:00.000Z',
} satisfies Agreement;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 10 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/agreements' && method === 'GET') return ok(paged(query.status === 'signed' ? [] : [sent, expired, signed]));
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Pier 39 Garage', timeZone: 'America/New_York' });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  api.calls = [];
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: MUI's dialogs and tables render slowly when the shared machine is busy.
describe('Agreements in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, filter, columns, statuses, dates the German way, the send and resend dialogs', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AgreementsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Verträge', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['alle', 'gesendet', 'unterschrieben', 'abgelaufen']);

    const table = await screen.findByRole('table', { name: 'Verträge' }, { timeout: 20_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Konto', 'Objekt', 'Unterzeichner', 'Status', 'Gesendet', 'Läuft ab', 'Unterschrieben', 'Aktionen']);
    const row = within(table).getByText('Pier 39 Garage').closest('tr')!;
    expect(within(row).getByText('gesendet')).toBeInTheDocument();
    expect(within(row).getByText(/3\. Nov\. 2026 \(2×\)/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();
    expect(within(within(table).getByText('Mission Garage').closest('tr')!).getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();

    await user.click(within(within(table).getByText('Bay Lot').closest('tr')!).getByRole('button', { name: 'Erneut senden' }));
    const resend = await screen.findByRole('dialog', { name: 'Vertrag erneut senden' });
    expect(resend).toHaveTextContent(
      'Der Link zum Unterschreiben für Bay Lot geht erneut an Ana Ruiz (ana@example.com). Er ist abgelaufen; wählen Sie daher, bis wann der Link gültig sein soll.',
    );
    expect(within(resend).getByLabelText('Link gültig bis')).toBeInTheDocument();
    await user.click(within(resend).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Vertrag senden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vertrag senden' });
    for (const name of ['Kontoname', 'Objektname', 'Name des Unterzeichners', 'E-Mail des Unterzeichners'])
      expect(within(dialog).getByRole('textbox', { name })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Adresse des Standorts verwenden' }));
    for (const name of ['Straße', 'Ort', 'Bundesland', 'PLZ']) expect(within(dialog).getByRole('textbox', { name })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    // The schema's sentence, in German through the shared catalogue.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name des Unterzeichners' })).toHaveAccessibleDescription(
        'Name des Unterzeichners: Pflichtfeld',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(filter).getByRole('button', { name: 'unterschrieben' }));
    expect(await screen.findByText('Keine unterschriebenen Verträge')).toBeInTheDocument();
    expect(screen.getByText('Zur Unterschrift gesendete Verträge erscheinen hier mit ihrem Status.')).toBeInTheDocument();
  });
});
