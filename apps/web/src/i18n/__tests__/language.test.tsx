import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { ok, startTestApi, type TestApi } from '../../testing/test-api.tsx';
import { followAccountLanguage } from '../follow-account.ts';
import { useLanguage } from '../language-store.ts';

const signedInUser = (language: 'en' | 'es' | 'fr' | 'de' | null) => ({
  userId: 'u1',
  userType: 'Admin' as const,
  locations: [],
  firstName: 'Dana',
  lastName: 'Chen',
  email: 'dana@example.com',
  phoneNumber: null,
  language,
  access_token: 'a',
});

describe('the language (issue 44)', () => {
  let api: TestApi;
  let stopFollowing: () => void;
  beforeAll(async () => {
    api = await startTestApi((call) => (call.path === '/users/me/language' ? ok(call.body) : undefined));
    stopFollowing = followAccountLanguage();
  });
  afterAll(async () => {
    stopFollowing();
    await api.close();
  });
  afterEach(async () => {
    useSession.setState({ user: null });
    await useLanguage.getState().choose('en');
    useLanguage.setState({ pickedSignedOut: null });
    localStorage.clear();
    api.calls.length = 0;
  });

  it('is chosen on the sign-in page: the page reads German at once, <html lang> follows, and the browser keeps it', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <LoginPage />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('wattdesk.language')).toBe('de');
  });

  it('picked before signing in, it is kept on the account at sign-in', async () => {
    await useLanguage.getState().choose('fr', { pickedSignedOut: true });
    useSession.setState({ user: signedInUser(null) });
    await waitFor(() => expect(api.callsTo('/users/me/language', 'PUT')).toEqual([expect.objectContaining({ body: { language: 'fr' } })]));
    expect(useLanguage.getState().locale).toBe('fr');
  });

  it('chosen on the account (another browser), it shows at sign-in without asking again', async () => {
    useSession.setState({ user: signedInUser('es') });
    await waitFor(() => expect(useLanguage.getState().locale).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
    expect(api.changes()).toEqual([]);
  });
});
