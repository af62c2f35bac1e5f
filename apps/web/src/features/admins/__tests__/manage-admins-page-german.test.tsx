import type { AdminListItem } from '@wattdesk/shared/schemas/admins';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ManageAdminsPage } from '../manage-admins-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const maya = {
  id: 'a1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Ito',
  userType: 'PortfolioManager',
  status: 'ACTIVE',
  locations: [{ id: LOCATION, name: 'Diridon Station' }],
  hiddenLocationCount: 2,
  createdAt: '2026-03-01T12:00:00.000Z',
  lastSignInAt: null,
  canManage: true,
} satisfies AdminListItem;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });
const diridon = { id: LOCATION, name: 'Diridon Station', city: 'San Jose' } as LocationListItem;

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/admins' && method === 'GET') return ok(paged([maya]));
  if (path === '/locations') return ok(paged([diridon]));
  if (path === '/admins/a1/end-sessions') return ok({ ended: 1204 });
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
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid, its menu and the dialogs render slowly when the shared machine is busy.
describe('Manage Admins in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, filters, columns, type and reach, the invite dialog and its messages', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ManageAdminsPage />);
    expect(await screen.findByRole('heading', { name: 'Administratoren', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name oder E-Mail suchen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Typ' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Administratoren' });
    expect(await within(grid).findByText('Maya Ito', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'E-Mail', 'Typ', 'Status', 'Standorte', 'Letzte Anmeldung', 'Hinzugefügt', 'Aktionen']);
    expect(within(grid).getByText('Portfoliomanager')).toBeInTheDocument();
    expect(within(grid).getByText('+2 weitere')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Administrator einladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Administrator einladen' });
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    // The schema's messages, in German with the field named in German.
    expect(await within(dialog).findByText('E-Mail: Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByText('Vorname: Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByText('Nachname: Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(api.changes()).toEqual([]);
  });

  it('signs an administrator out everywhere after a German confirmation, the count the German way', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ManageAdminsPage />);
    const grid = screen.getByRole('grid', { name: 'Administratoren' });
    await within(grid).findByText('Maya Ito', {}, { timeout: 20_000 });
    await user.click(within(grid).getByRole('button', { name: 'Mehr' }));
    expect(screen.getByRole('menuitem', { name: 'Typ oder Standorte ändern' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Überall abmelden' }));
    const confirm = screen.getByRole('dialog', { name: 'Überall abmelden?' });
    expect(confirm).toHaveTextContent('Maya Ito (maya@example.com) wird auf allen Geräten gleichzeitig abgemeldet.');
    await user.click(within(confirm).getByRole('button', { name: 'Überall abmelden' }));
    expect(await screen.findByText('Maya Ito wurde auf 1.204 Geräten abgemeldet')).toBeInTheDocument();
    await waitFor(() => expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /admins/a1/end-sessions']));
  });
});
