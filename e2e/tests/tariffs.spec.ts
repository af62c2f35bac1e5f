import { chooseLocation } from '../support/fixtures.ts';
import { expect, test } from '../support/simulated-chargers.ts';

// Mission Bay Commons, Bay 1: no other spec uses this charger.
const CHARGER_ID = 'WD-SF-MISSION-BAY-01';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SAVED = 'payment, fee and violation information updated';

const localHour = (at: number) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(at));
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

test('a host sets a time-of-use rate; a session across the period boundary shows its running cost and then its line items', async ({
  page,
  loginAs,
  charger,
}) => {
  // The next whole hour at least 11 minutes away (Los Angeles hours start on UTC hours): the charger's own
  // clock runs from 10 minutes before it to 20 minutes after, so the session starts under the new rates.
  const boundary = Math.ceil((Date.now() + 11 * MINUTE) / HOUR) * HOUR;
  const after = localHour(boundary);
  const before = (after + 23) % 24;

  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/rates');
  await chooseLocation(page, 'mission', /Mission Bay Commons/);
  await expect(page.getByRole('heading', { name: 'Prices by hour of the week' })).toBeVisible();

  // Period 1: the dear hours from the boundary on; period 2: the cheap hour before it.
  const first = page.getByRole('group', { name: 'Period 1' });
  await first.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: hourLabel(after), exact: true }).click();
  await first.getByRole('combobox', { name: 'Until' }).click();
  await page.getByRole('option', { name: hourLabel(before), exact: true }).click();
  await first.getByLabel('Price per kWh').fill('0.60');
  await expect(page.getByText(`No period covers Monday ${hourLabel(before)}–${hourLabel(after)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rates' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add period' }).click();
  const second = page.getByRole('group', { name: 'Period 2' });
  await second.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: hourLabel(before), exact: true }).click();
  await second.getByRole('combobox', { name: 'Until' }).click();
  await page.getByRole('option', { name: hourLabel(after), exact: true }).click();
  await second.getByLabel('Price per kWh').fill('0.20');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText(`All Days ${hourLabel(before)}–${hourLabel(after)}: $0.20/kWh`);
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SAVED })).toBeVisible();
  await expect(page.getByTestId('calculator-result')).toContainText('A 2-hour, 20.00 kWh session starting now costs');

  // The session: 10 minutes before the boundary to 20 minutes after, by the charger's clock.
  let clock = boundary - 10 * MINUTE;
  const bay1 = await charger(CHARGER_ID, { clock: () => clock, timeScale: 1, powerKw: 7.2 });
  await bay1.startSession({ connectorId: 1, idTag: 'E2E-TARIFF-1' });
  clock += 5 * MINUTE;
  await bay1.sendMeterValues(1);
  clock = boundary + 10 * MINUTE;
  await bay1.sendMeterValues(1);

  await page.goto('/dashboard/control-center');
  const card = page.getByRole('article', { name: 'Bay 1' });
  const cost = card.getByTestId('active-session').getByTestId('session-cost');
  await expect(cost).toHaveText(/^\$\d+\.\d\d$/);
  expect(Number((await cost.textContent())!.slice(1))).toBeGreaterThan(0.75);

  clock = boundary + 20 * MINUTE;
  await bay1.stopSession({ connectorId: 1, reason: 'EVDisconnected' });
  await page.goto('/dashboard/sessions');
  await page.getByLabel('Driver id tag').fill('E2E-TARIFF-1');
  const grid = page.getByRole('grid', { name: 'Charging sessions' });
  // The filter applies after a pause in typing; a click on a row of the list before it is lost when the rows change.
  await expect(
    grid
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .filter({ hasNotText: 'E2E-TARIFF-1' }),
  ).toHaveCount(0);
  await grid
    .getByRole('link', { name: /^Session \d+ on Bay 1$/ })
    .first()
    .click();
  const items = page.getByRole('table', { name: 'Price line items' });
  await expect(page.getByText('Final price, stored when the session stopped.')).toBeVisible();
  await expect(items.getByRole('row', { name: new RegExp(`^Energy, All Days ${hourLabel(before)}–${hourLabel(after)} `) })).toContainText('$0.');
  await expect(items.getByRole('row', { name: new RegExp(`^Energy, All Days ${hourLabel(after)}–${hourLabel(before)} `) })).toBeVisible();
  await expect(items.getByRole('row', { name: /^Session fee / })).toBeVisible();
  await expect(page.getByTestId('price-total')).toHaveText(/^\$\d+\.\d\d$/);
});
