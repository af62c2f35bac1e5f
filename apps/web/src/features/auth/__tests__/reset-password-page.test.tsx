import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { ResetPasswordPage } from '../reset-password-page.tsx';

/** The API over real HTTP: every token is accepted. */
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/web/users/reset-password' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.url === '/web/users/reset-password' ? { responseCode: 200, msg: ['Password changed'] } : { responseCode: 404, msg: ['Not found'] },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const activate = async (address: string) => {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <ResetPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await user.type(screen.getByLabelText('New password'), 'Driver#2026x');
  await user.type(screen.getByLabelText('Re-type new password'), 'Driver#2026x');
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
  return screen.findByRole('alert');
};

describe('activating an invited account', () => {
  it('tells an invited driver to use the mobile app, and offers no dashboard sign-in it would be refused', async () => {
    const done = await activate('/reset-password?token=t1&invite=driver');
    expect(done).toHaveTextContent('Sign in with it in the Wattdesk mobile app to start charging');
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).not.toBeInTheDocument();
  });

  it('sends an invited administrator back to sign in', async () => {
    const done = await activate('/reset-password?token=t2&invite=1');
    expect(done).toHaveTextContent('You can now sign in.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
  });
});
