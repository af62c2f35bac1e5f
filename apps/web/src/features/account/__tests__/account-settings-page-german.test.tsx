import type { Account, AccountSession } from '@wattdesk/shared/schemas/account';
import type { CompanyResponse } from '@wattdesk/shared/schemas/company';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { AccountSettingsPage } from '../account-settings-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const dana = {
  userId: 'u1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Chen',
  phoneNumber: null,
  userType: 'Admin',
  language: 'de',
  authProvider: 'password',
  pendingEmail: 'dana.chen@example.com',
  mfa: { enabled: true, enabledAt: '2026-10-01T08:00:00.000Z', recoveryCodesLeft: 7, required: false },
} satisfies Account;
const session = (id: string, device: string, isCurrent: boolean): AccountSession => ({
  id,
  device,
  ipAddress: '203.0.113.7',
  signInMethod: 'password+totp',
  signedInAt: '2026-11-22T10:00:00.000Z',
  lastUsedAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-12-22T10:00:00.000Z',
  isCurrent,
});

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/users/me/account') return ok(dana);
  if (path === '/users/me/sessions' && method === 'GET')
    return ok({ items: [session('s1', 'Firefox on Linux', true), session('s2', 'Chrome on macOS', false), session('s3', 'Safari on iOS', false)] });
  if (path === '/users/me/sessions/sign-out-others') return ok({ ended: 2 });
  if (path === '/company') return ok({ company: null } satisfies CompanyResponse);
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
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the page and its dialogs render slowly when the shared machine is busy.
describe('Account Setting in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, sections, forms, two-step status, the devices table and a date the German way', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <AccountSettingsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Kontoeinstellungen', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Profil', 'E-Mail', 'Passwort', 'Zweistufige Anmeldung', 'Unternehmen', 'Angemeldete Geräte'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();

    const profile = screen.getByRole('region', { name: 'Profil' });
    expect(within(profile).getByRole('textbox', { name: 'Vorname' })).toHaveValue('Dana');
    expect(within(profile).getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();

    const email = screen.getByRole('region', { name: 'E-Mail' });
    expect(email).toHaveTextContent('Aktuelle Adresse: dana@example.com');
    expect(email).toHaveTextContent('Warten auf die Bestätigung von dana.chen@example.com');
    await user.click(within(email).getByRole('button', { name: 'Bestätigungslink senden' }));
    // The schema's messages, in German.
    expect(await within(email).findByText('E-Mail: Pflichtfeld')).toBeInTheDocument();
    expect(within(email).getByText('Bitte geben Sie Ihr Passwort ein')).toBeInTheDocument();

    const twoStep = screen.getByRole('region', { name: 'Zweistufige Anmeldung' });
    expect(within(twoStep).getByText('Ein')).toBeInTheDocument();
    expect(within(twoStep).getByText('7 von 10 Wiederherstellungscodes übrig')).toBeInTheDocument();
    expect(within(twoStep).getByRole('button', { name: 'Neue Wiederherstellungscodes' })).toBeInTheDocument();

    expect(await screen.findByRole('textbox', { name: 'Name des Unternehmens' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unternehmen speichern' })).toBeInTheDocument();

    const devices = await screen.findByRole('table', { name: 'Angemeldete Geräte' }, { timeout: 20_000 });
    const headers = within(devices)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Gerät', 'Adresse', 'Angemeldet', 'Zuletzt verwendet', 'Aktionen']);
    expect(within(devices).getByText('Dieses Gerät')).toBeInTheDocument();
    expect(within(devices).getAllByText('Passwort und Authenticator-App')).toHaveLength(3);
    expect(within(devices).getAllByText(/^22\. Nov\. 2026, /).length).toBeGreaterThan(0);
  });

  it('signs out the other devices after a German confirmation', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <AccountSettingsPage />, [LOCATION]);
    await screen.findByRole('table', { name: 'Angemeldete Geräte' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' }));
    const confirm = screen.getByRole('dialog', { name: 'Alle anderen Geräte abmelden?' });
    expect(confirm).toHaveTextContent('Alle anderen Geräte, die bei Ihrem Konto angemeldet sind (2), müssen sich erneut anmelden.');
    await user.click(within(confirm).getByRole('button', { name: 'Andere abmelden' }));
    expect(await screen.findByText('2 andere Geräte abgemeldet')).toBeInTheDocument();
    await waitFor(() => expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /users/me/sessions/sign-out-others']));
  });
});
