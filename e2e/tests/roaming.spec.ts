import type { APIRequestContext } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

/** OCPI 2.2.1 sends the credentials token Base64 encoded after "Token ". */
const header = (token: string) => ({ authorization: `Token ${Buffer.from(token, 'utf8').toString('base64')}` });
const envelope = (data?: unknown) => ({ ...(data === undefined ? {} : { data }), status_code: 1000, timestamp: new Date().toISOString() });

/**
 * The partner's side of the exchange, as small as registration needs: its versions and version details (we read
 * them when it registers), and an OK in the envelope to whatever we push to it afterwards.
 */
const startPartnerServer = async () => {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      let body: unknown = envelope();
      if (request.url === '/versions') body = envelope([{ version: '2.2.1', url: `${base}/2.2.1` }]);
      if (request.url === '/2.2.1')
        body = envelope({
          version: '2.2.1',
          endpoints: [
            { identifier: 'credentials', role: 'RECEIVER', url: `${base}/credentials` },
            { identifier: 'locations', role: 'RECEIVER', url: `${base}/locations` },
          ],
        });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** The ids of the published locations a partner lists (GET /ocpi/2.2.1/locations). */
const listedLocations = async (request: APIRequestContext, token: string) => {
  const answer = await request.get('/ocpi/2.2.1/locations?limit=100', { headers: header(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: string; name: string }[] }).data.map((location) => location.name);
};

test('a SuperAdmin invites a partner, it registers, is suspended and resumed, and lists a newly published location', async ({
  page,
  request,
  loginAs,
}) => {
  const partner = await startPartnerServer();
  try {
    await loginAs('SuperAdmin');
    await page.goto('/dashboard/roaming');
    await expect(page.getByRole('heading', { level: 1, name: 'Roaming' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Roaming partners' });
    // The demo's partners: one invited and waiting, one suspended with its party.
    await expect(table.getByRole('row', { name: /Greenway Roaming/ })).toContainText('Waiting for registration');
    await expect(table.getByRole('row', { name: /Example Mobility/ })).toContainText('NL/EMS');
    await expect(table.getByRole('row', { name: /Example Mobility/ })).toContainText('Suspended');

    // Inviting shows token A once, in a field to copy; closing the dialog hides it for good.
    await page.getByRole('button', { name: 'Invite partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite partner' });
    await dialog.getByLabel('Partner name').fill('Voltway E2E');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const invited = page.getByRole('dialog', { name: 'Voltway E2E invited' });
    const tokenField = invited.getByRole('textbox', { name: 'Registration token' });
    await expect(tokenField).not.toHaveValue('');
    const tokenA = await tokenField.inputValue();
    await expect(invited.getByRole('button', { name: 'Copy registration token' })).toBeVisible();
    const versionsUrl = await invited.getByRole('textbox', { name: 'Versions URL' }).inputValue();
    expect(versionsUrl).toMatch(/\/ocpi\/versions$/);
    await invited.getByRole('button', { name: 'Done' }).click();
    await expect(invited).toBeHidden();
    const shownValues = await page.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(shownValues).not.toContain(tokenA);
    await expect(table.getByRole('row', { name: /Voltway E2E/ })).toContainText('Waiting for registration');

    // The partner, with token A: our versions, then its credentials (we read its versions before answering).
    const versions = await request.get('/ocpi/versions', { headers: header(tokenA) });
    expect(versions.status()).toBe(200);
    const registration = await request.post('/ocpi/2.2.1/credentials', {
      headers: header(tokenA),
      data: {
        token: 'partner-token-for-wattdesk-e2e',
        url: `${partner.url}/versions`,
        roles: [{ role: 'EMSP', country_code: 'DE', party_id: 'VWE', business_details: { name: 'Voltway E2E' } }],
      },
    });
    expect(registration.status(), await registration.text()).toBe(200);
    const tokenC = ((await registration.json()) as { data: { token: string } }).data.token;
    expect(tokenC).not.toBe(tokenA);

    await page.reload();
    const row = table.getByRole('row', { name: /Voltway E2E/ });
    await expect(row).toContainText('Connected');
    await expect(row).toContainText('DE/VWE');

    // Suspending is confirmed first; then the partner's calls are refused.
    await row.getByRole('button', { name: 'Actions for Voltway E2E' }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend partner?' });
    await expect(confirm).toContainText("Voltway E2E's requests will be refused");
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Suspended');
    expect((await request.get('/ocpi/2.2.1/locations', { headers: header(tokenC) })).status()).toBe(401);

    await row.getByRole('button', { name: 'Actions for Voltway E2E' }).click();
    await page.getByRole('menuitem', { name: 'Resume' }).click();
    await page.getByRole('dialog', { name: 'Resume partner?' }).getByRole('button', { name: 'Resume' }).click();
    await expect(row).toContainText('Connected');
    const before = await listedLocations(request, tokenC);
    expect(before).toContain('Embarcadero Center Garage');
    expect(before).not.toContain('Diridon Station Garage');

    // Publishing a location from its profile: the partner lists it.
    await chooseLocation(page, 'diridon', /Diridon Station Garage/);
    await page.goto('/dashboard/profile/location-name');
    const publish = page.getByRole('switch', { name: 'Publish to roaming partners' });
    await expect(publish).not.toBeChecked();
    await publish.click();
    await expect(publish).toBeChecked();
    await expect(page.getByText('Diridon Station Garage published to roaming partners')).toBeVisible();
    expect(await listedLocations(request, tokenC)).toContain('Diridon Station Garage');
  } finally {
    await partner.close();
  }
});

test('a ReadonlySuperAdmin sees the partners without any action', async ({ page, loginAs }) => {
  await loginAs('ReadonlySuperAdmin');
  await page.goto('/dashboard/roaming');
  const table = page.getByRole('table', { name: 'Roaming partners' });
  await expect(table.getByRole('row', { name: /Example Mobility/ })).toContainText('NL/EMS');
  await expect(page.getByRole('button', { name: 'Invite partner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect to partner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  // Its history: what was delivered before it was suspended.
  await table.getByRole('button', { name: 'Example Mobility' }).click();
  const pushes = page.getByRole('dialog', { name: 'Example Mobility' }).getByRole('table', { name: 'Pushes' });
  await expect(pushes.getByRole('row', { name: /PATCH/ }).first()).toBeVisible();
  await expect(pushes.getByRole('row', { name: /PUT/ }).first()).toContainText('locations');
});
