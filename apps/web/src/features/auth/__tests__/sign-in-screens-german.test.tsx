import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse } from 'oidc-client-ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue, loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { translator } from '../../../i18n/use-t.ts';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { CodeStep } from '../components/code-step.tsx';
import { signInStepsText } from '../sign-in-steps-text.ts';
import { ResetPasswordPage } from '../reset-password-page.tsx';
import { describeSignInError } from '../sso/describe-sign-in-error.ts';
import { SignInError } from '../sso/sign-in-error.ts';

/** The API over real HTTP, as the English test has it: every token is accepted. */
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/web/users/reset-password' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.url === '/web/users/reset-password' ? { responseCode: 200, msg: ['Passwort geändert'] } : { responseCode: 404, msg: ['Nicht gefunden'] },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

const show = (screenToShow: ReactNode, address = '/') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[address]}>{screenToShow}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the sign-in screens in German (issue 44)', { timeout: 60_000 }, () => {
  it('activates an invited driver’s account in German: title, fields, the schema’s messages, the end view', async () => {
    const user = userEvent.setup();
    show(<ResetPasswordPage />, '/reset-password?token=t1&invite=driver');
    expect(screen.getByRole('heading', { name: 'Willkommen bei Wattdesk' })).toBeInTheDocument();
    expect(screen.getByText(/^Wählen Sie ein Passwort, um Ihr Fahrerkonto zu aktivieren/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen' }));
    expect(await screen.findByText('Bitte geben Sie das neue Passwort ein')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie das neue Passwort erneut ein')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Neues Passwort'), 'Driver#2026x');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Driver#2026x');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Melden Sie sich damit in der mobilen Wattdesk-App an');
    expect(screen.getByRole('heading', { name: 'Konto aktiviert' })).toBeInTheDocument();
  });

  it('says in German that a reset link without its token cannot work, with the way back', () => {
    show(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('heading', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();
    expect(screen.getByText('Token nicht gefunden. Bitte versuchen Sie es erneut')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/');
  });

  it('asks for the second step’s code in German', async () => {
    const user = userEvent.setup();
    show(<CodeStep isBusy={false} onVerify={() => undefined} onBack={() => undefined} />);
    expect(screen.getByText('Öffnen Sie Ihre Authenticator-App und geben Sie den Code ein, den sie für Wattdesk anzeigt.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentifizierungscode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück zur Anmeldung' })).toBeInTheDocument();
  });

  it('words a failed single sign-on in German, passing the provider’s own words on', async () => {
    const t = translator(signInStepsText, 'de', await loadCatalogue('sign-in-steps', 'de'));
    expect(describeSignInError(new SignInError('state-mismatch'), t)).toEqual({
      title: 'Diese Anmeldung konnte nicht zugeordnet werden',
      detail:
        'Die Antwort gehört zu keiner Anmeldung, die in diesem Browser-Tab begonnen wurde (state mismatch). Sie ist möglicherweise abgelaufen, wurde in einem anderen Tab geöffnet oder verändert. Gehen Sie zurück zur Anmeldung und versuchen Sie es erneut.',
    });
    expect(describeSignInError(new ErrorResponse({ error: 'temporarily_unavailable', error_description: 'Try later' }), t)).toEqual({
      title: 'Der Identitätsanbieter hat ein Problem gemeldet',
      detail: 'Try later. Gehen Sie zurück zur Anmeldung und versuchen Sie es erneut.',
    });
  });
});
