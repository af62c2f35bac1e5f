import type { ChargerListResponse } from '@wattdesk/shared';
import { apiAs } from '../support/api.ts';
import { chooseLocation, demoEmail } from '../support/fixtures.ts';
import { expect, expectCommand, simulatedCharger, test } from '../support/simulated-chargers.ts';

// SAP Center Lot, Bays 1 and 2: no other spec uses these chargers.
const ONLINE = 'WD-SJ-SAP-CENTER-01';
const OFFLINE = 'WD-SJ-SAP-CENTER-02';

/** Whatever happens in the test, both chargers end back in service. */
test.afterAll(async () => {
  const admin = await apiAs(demoEmail('SuperAdmin'));
  const { items } = await admin.get<ChargerListResponse>('/chargers?search=WD-SJ-SAP-CENTER&pageSize=50');
  const ids = items.filter((item) => [ONLINE, OFFLINE].includes(item.chargerId)).map((item) => item.id);
  if (ids.length) await admin.post('/maintenance', { chargerIds: ids, inMaintenance: false });
});

test('maintenance round trip: a connected and an offline charger go in maintenance and come back in service', async ({ page, loginAs, charger }) => {
  const online = await charger(ONLINE);
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/maintenance');
  await expect(page.getByText('Choose a location')).toBeVisible();
  await chooseLocation(page, 'sap', /SAP Center Lot/);

  const chargers = page.getByRole('region', { name: 'Chargers', exact: true });
  const inMaintenance = page.getByRole('region', { name: 'In maintenance now' });
  await expect(chargers.getByRole('row', { name: new RegExp(ONLINE) })).toContainText('Online');
  await chargers.getByRole('checkbox', { name: `Select Bay 1 (${ONLINE})` }).check();
  await chargers.getByRole('checkbox', { name: `Select Bay 2 (${OFFLINE})` }).check();
  await page.getByRole('button', { name: 'Put in maintenance' }).click();
  const confirm = page.getByRole('dialog', { name: 'Put 2 chargers in maintenance?' });
  await expect(confirm).toContainText(`${OFFLINE} is offline`);
  await confirm.getByRole('button', { name: 'Put in maintenance' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'selected chargers are in maintenance now' })).toBeVisible();
  await expect(page.getByText(`${OFFLINE} is offline: the change is applied when it reconnects.`)).toBeVisible();
  await expectCommand(online, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' });
  await expect.poll(() => online.connector(1).availability).toBe('Inoperative');
  const onlineRow = inMaintenance.getByRole('row', { name: new RegExp(ONLINE) });
  const offlineRow = inMaintenance.getByRole('row', { name: new RegExp(OFFLINE) });
  await expect(onlineRow).toContainText('Maintenance');
  await expect(onlineRow).toContainText('Yes, the charger is inoperative');
  await expect(offlineRow).toContainText('Pending: offline, applied when it reconnects');
  await expect(chargers.getByRole('row', { name: new RegExp(ONLINE) })).toContainText('Maintenance');

  // The offline charger gets it as soon as it connects, and the screen shows that without a reload.
  const late = simulatedCharger(OFFLINE);
  try {
    await late.connect();
    await expectCommand(late, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' });
    await expect.poll(() => late.connector(1).availability).toBe('Inoperative');
    await expect(offlineRow).toContainText('Yes, the charger is inoperative');

    await chargers.getByRole('checkbox', { name: 'Select all chargers' }).uncheck();
    await chargers.getByRole('checkbox', { name: `Select Bay 1 (${ONLINE})` }).check();
    await chargers.getByRole('checkbox', { name: `Select Bay 2 (${OFFLINE})` }).check();
    await page.getByRole('button', { name: 'Back in service' }).click();
    await page.getByRole('dialog', { name: 'Put 2 chargers back in service?' }).getByRole('button', { name: 'Back in service' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'selected chargers are back in service now' })).toBeVisible();
    await expectCommand(online, 'ChangeAvailability', { connectorId: 0, type: 'Operative' });
    await expectCommand(late, 'ChangeAvailability', { connectorId: 0, type: 'Operative' });
    await expect.poll(() => online.connector(1).availability).toBe('Operative');
    await expect(inMaintenance.getByText('No charger of this location is in maintenance.')).toBeVisible();
    await expect(chargers.getByRole('row', { name: new RegExp(ONLINE) })).toContainText('Available');

    // Newest first: this test's four changes lead the history.
    const rows = page.getByRole('table', { name: 'Maintenance history' }).getByRole('row');
    await expect(rows.nth(4)).toBeVisible();
    const latest = await Promise.all([1, 2, 3, 4].map((n) => rows.nth(n).innerText()));
    expect(latest.slice(0, 2).every((row) => row.includes('Back in service') && row.includes(demoEmail('SuperAdmin')))).toBe(true);
    expect(latest.slice(2).every((row) => row.includes('Put in maintenance'))).toBe(true);
    expect(latest.slice(0, 2).join(' ')).toContain(ONLINE);
    expect(latest.slice(0, 2).join(' ')).toContain(OFFLINE);
    expect(latest.slice(2).join(' ')).toContain(OFFLINE);
  } finally {
    await late.close().catch(() => undefined);
  }
});
