import type { Agreement } from '@wattdesk/shared/schemas/agreements';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
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
  // 03:00 UTC is still the 2nd in New York: the location's calendar day, not the browser's.
  sentAt: '2026-11-03T03:00:00.000Z',
  sendCount: 2,
  expiresAt: '2026-12-03T04:59:59.000Z',
  signedAt: null,
  createdAt: '2026-11-03T03:00:00.000Z',
} satisfies Agreement;
const expired = {
  ...sent,
  id: 'ag2',
  propertyName: 'Bay Lot',
  status: 'expired',
  sendCount: 1,
  expiresAt: '2026-11-10T04:59:59.000Z',
} satisfies Agreement;
const signed = {
  ...sent,
  id: 'ag3',
  propertyName: 'Mission Garage',
  status: 'signed',
  sendCount: 1,
  signedAt: '2026-11-05T15:00:00.000Z',
} satisfies Agreement;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 10 });
/** A day input's value some days ahead, and the instant the form sends for it (the end of that day). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const endOf = (day: string) => new Date(`${day}T23:59:59`).toISOString();

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query, body }) => {
  if (path === '/agreements' && method === 'GET') return ok(paged(query.status === 'signed' ? [] : [sent, expired, signed]));
  if (path === '/agreements' && method === 'POST') return { status: 201, body: { ...sent, ...(body as object), id: 'ag9' } };
  if (path === '/agreements/ag2/resend') return ok({ ...expired, status: 'sent' });
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Pier 39 Garage', timeZone: 'America/New_York' });
  return undefined;
};
const lastListQuery = () => api.callsTo('/agreements').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
  api.routes = routes;
  useSelectedLocation.setState({ locationId: LOCATION });
});

// Limits, not measurements: MUI's dialogs and tables render slowly when the shared machine is busy.
describe('Agreements', { timeout: 120_000 }, () => {
  it('lists the agreements with the location’s dates; status and order go to the server; read-only types cannot resend', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlyAdmin', <AgreementsPage />, [LOCATION]);
    const table = await screen.findByRole('table', { name: 'Agreements' }, { timeout: 20_000 });
    const row = within(table).getByText('Pier 39 Garage').closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Nov 2, 2026 (2×)'));
    expect(row).toHaveTextContent('Ana Ruiz');
    expect(row).toHaveTextContent('ana@example.com');
    expect(within(row).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(within(within(table).getByText('Mission Garage').closest('tr')!).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send agreement' })).not.toBeInTheDocument();
    expect(lastListQuery()).toEqual({ locationId: LOCATION, page: '1', pageSize: '10', sort: '-createdAt' });

    await user.click(within(table).getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: '-signerName' }));
    await user.click(screen.getByRole('button', { name: 'signed' }));
    expect(await screen.findByText('No signed agreements')).toBeInTheDocument();
    expect(lastListQuery()).toEqual({ locationId: LOCATION, page: '1', pageSize: '10', sort: '-signerName', status: 'signed' });
  });

  it('sends an agreement: the schema’s messages on their fields first, then the body the API takes', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AgreementsPage />, [LOCATION]);
    await screen.findByRole('table', { name: 'Agreements' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Send agreement' }));
    const dialog = screen.getByRole('dialog', { name: 'Send agreement' });
    await user.click(within(dialog).getByRole('checkbox', { name: "Use the location's address" }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Account name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Street Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Signer name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Signer email Field is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: "Use the location's address" }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Account name' }), 'Harbor Holdings');
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer name' }), 'Ana Ruiz 2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer email' }), 'ana@example');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Signer name Should be alphabetic only')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email-id')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Signer name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer name' }), 'Ana Ruiz');
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer email' }), '.com');
    const expiry = dayAhead(10);
    fireEvent.change(within(dialog).getByLabelText('Link expires on'), { target: { value: expiry } });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Agreement sent to ana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Send agreement' })).not.toBeInTheDocument();
    expect(api.changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/agreements',
        body: {
          locationId: LOCATION,
          accountName: 'Harbor Holdings',
          signerName: 'Ana Ruiz',
          signerEmail: 'ana@example.com',
          expiresAt: endOf(expiry),
        },
      },
    ]);
  });

  it('shows the server’s refusal in the send dialog and keeps it open', async () => {
    api.routes = (call) =>
      call.method === 'POST' ? refusal(400, 'The location has no address; enter the property address', 'VALIDATION_FAILED') : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AgreementsPage />, [LOCATION]);
    await screen.findByRole('table', { name: 'Agreements' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Send agreement' }));
    const dialog = screen.getByRole('dialog', { name: 'Send agreement' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Account name' }), 'Harbor Holdings');
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer name' }), 'Ana Ruiz');
    await user.type(within(dialog).getByRole('textbox', { name: 'Signer email' }), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The location has no address; enter the property address');
    expect(screen.getByRole('dialog', { name: 'Send agreement' })).toBeInTheDocument();
  });

  it('resends an expired agreement with a new expiry; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AgreementsPage />, [LOCATION]);
    const table = await screen.findByRole('table', { name: 'Agreements' }, { timeout: 20_000 });
    const row = within(table).getByText('Bay Lot').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Resend agreement' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resend agreement' })).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend agreement' });
    expect(dialog).toHaveTextContent('It has expired, so choose until when the link should work.');
    const expiry = dayAhead(20);
    fireEvent.change(within(dialog).getByLabelText('Link expires on'), { target: { value: expiry } });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Agreement sent again to ana@example.com')).toBeInTheDocument();
    expect(api.changes().map(({ path, body }) => ({ path, body }))).toEqual([{ path: '/agreements/ag2/resend', body: { expiresAt: endOf(expiry) } }]);
  });
});
