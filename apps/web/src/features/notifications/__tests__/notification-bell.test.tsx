import type { Notification, NotificationList, NotificationPreferences } from '@wattdesk/shared/schemas/notifications';
import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { NotificationBell } from '../components/notification-bell.tsx';

/** The API over real HTTP: one unread notification, e-mails for faults only, and no live feed (404). */
let server: Server;
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const notification = {
  id: 'n1',
  type: 'charger-faulted',
  locationId: 'l1',
  locationName: 'Diridon Station',
  timeZone: 'America/Los_Angeles',
  title: 'Bay 1 faulted',
  body: 'Connector 1 reported a fault.',
  params: null,
  read: false,
  createdAt: '2026-11-27T10:00:00.000Z',
} satisfies Notification;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/notifications/notification-list')
      return send(res, 200, { items: [notification], total: 1, page: 1, pageSize: 20, unreadCount: 1 } satisfies NotificationList);
    if (url.pathname === '/web/notifications/preferences')
      return send(res, 200, { emailTypes: ['charger-faulted'] } satisfies NotificationPreferences);
    return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => useSession.setState({ user: null }));

it('the bell counts the unread, and opens the latest notifications and the e-mail settings on demand', async () => {
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType: 'PortfolioManager',
      locations: [],
      firstName: 'Rae',
      lastName: 'Lin',
      email: 'rae@example.com',
      phoneNumber: null,
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  expect(await screen.findByRole('button', { name: 'Unread: Bay 1 faulted' })).toBeInTheDocument();
  // The settings load when first opened; on a busy machine their module can take longer than findBy's default second.
  await user.click(screen.getByRole('button', { name: 'E-mail settings' }));
  expect(await screen.findByRole('checkbox', { name: 'A charger faulted', checked: true }, { timeout: 10_000 })).toBeEnabled();
  expect(screen.getByRole('checkbox', { name: 'A violation' })).not.toBeChecked();
});
