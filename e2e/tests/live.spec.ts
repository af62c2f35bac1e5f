import { chooseLocation } from '../support/fixtures.ts';
import { expect, test } from '../support/simulated-chargers.ts';

/** "Update within 2 s of a charger's message, without a reload." */
const LIVE_MS = 2000;
const kwhOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

// Lake Merritt Offices, Bay 5: no other spec uses this charger.
const CHARGER_ID = 'WD-OAK-LAKE-MERRITT-05';

test('the control center follows a charger live: connect, charging with energy and power, meter values, stop', async ({
  page,
  loginAs,
  charger,
  consoleErrors,
}) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/control-center');
  await chooseLocation(page, 'merritt', /Lake Merritt Offices/);
  const card = page.getByRole('article', { name: 'Bay 5' }).filter({ hasText: CHARGER_ID });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  // Marks this document: a reload would lose it.
  await page.evaluate(() => document.body.setAttribute('data-e2e-no-reload', 'yes'));

  // The charger's clock runs ahead by hand where the test needs charging time to pass (600× real time).
  let ahead = 0;
  const simulated = await charger(CHARGER_ID, { clock: () => Date.now() + ahead });
  await expect(card.getByText('Online')).toBeVisible({ timeout: LIVE_MS });
  await expect(card).toHaveAttribute('data-status', 'available', { timeout: LIVE_MS });

  let answeredAt = 0;
  simulated.on('callCompleted', ({ method }) => {
    if (method === 'StartTransaction') answeredAt = Date.now();
  });
  await simulated.startSession({ connectorId: 1, idTag: 'E2E-LIVE-1' });
  const left = () => Math.max(1, LIVE_MS - (Date.now() - answeredAt));
  await expect(card).toHaveAttribute('data-status', 'charging', { timeout: left() });
  await expect(card.getByText('Charging', { exact: true })).toBeVisible({ timeout: left() });
  const session = card.getByTestId('active-session');
  await expect(session.getByTestId('session-energy')).toHaveText(/^\d[\d,]*\.\d\d kWh$/, { timeout: left() });
  await expect(session.getByTestId('session-power')).toBeVisible({ timeout: left() });
  await expect(session).toContainText('E2E-LIVE-1');
  await expect(card.getByLabel('Connector 1: Charging')).toBeVisible();

  // The duration ticks every second on its own.
  const duration = session.getByRole('timer');
  const before = await duration.textContent();
  await expect(duration).not.toHaveText(before ?? '', { timeout: 2500 });

  // Meter values: energy and power follow within 2 s.
  const energy = session.getByTestId('session-energy');
  const energyBefore = kwhOf(await energy.textContent());
  // A second of the charger's time: ten minutes of charging, enough for the energy shown to move.
  ahead += 1000;
  await simulated.sendMeterValues(1);
  const sentAt = Date.now();
  const snapshot = simulated.connector(1);
  const expectedKwh = (snapshot.energyWh - (snapshot.meterStartWh ?? 0)) / 1000;
  await expect
    .poll(async () => kwhOf(await energy.textContent()), { timeout: Math.max(1, LIVE_MS - (Date.now() - sentAt)) })
    .toBeGreaterThan(energyBefore);
  expect(Math.abs(kwhOf(await energy.textContent()) - expectedKwh)).toBeLessThan(0.02);
  await expect(session.getByTestId('session-power')).toHaveText(/^\d+\.\d kW$/);

  await simulated.stopSession({ connectorId: 1, reason: 'Local' });
  const stoppedAt = Date.now();
  await expect(card).toHaveAttribute('data-status', 'available', { timeout: Math.max(1, LIVE_MS - (Date.now() - stoppedAt)) });
  await expect(card.getByTestId('active-session')).toHaveCount(0);

  await simulated.close();
  await expect(card).toHaveAttribute('data-status', 'offline', { timeout: LIVE_MS });
  await expect(card.getByText(/^Offline · last seen/)).toBeVisible();
  expect(await page.evaluate(() => document.body.getAttribute('data-e2e-no-reload'))).toBe('yes');
  expect(consoleErrors).toEqual([]);
});
