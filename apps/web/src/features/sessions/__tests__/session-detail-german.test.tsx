import type { SessionDetail } from '@wattdesk/shared/schemas/charging';
import type { SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SessionDetailPage } from '../session-detail-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const sample = (minute: number, energyKwh: number, powerKw: number) => ({
  at: new Date(Date.UTC(2026, 10, 22, 16, minute)).toISOString(),
  energyKwh,
  powerKw,
  currentA: 32,
  voltageV: 230,
  soc: null,
});
const session = {
  id: 's2',
  transactionId: 4712,
  chargerId: 'c1',
  chargerCode: 'WD-0042',
  chargerName: 'Bay 42',
  locationId: LOCATION,
  connectorId: 2,
  idTag: '04A1B2C3',
  driverName: 'Rosa Diaz',
  startedAt: '2026-11-22T16:00:00.000Z',
  stoppedAt: null,
  energyKwh: 1.5,
  powerKw: 7.4,
  stopReason: null,
  status: 'active',
  cost: { currency: 'USD', total: 1234, final: false },
  samples: [sample(0, 100.2, 7), sample(15, 100.9, 7.4), sample(30, 101.7, 6.8)],
  price: {
    currency: 'USD',
    total: 1234,
    final: false,
    tariffVersionId: 'v1',
    items: [
      {
        kind: 'energy',
        description: 'Energy, Weekdays 5 PM–9 PM',
        detail: { period: { days: 'weekdays', startHour: 17, endHour: 21 } },
        quantity: 1234.5,
        unit: 'kWh',
        periodIndex: 0,
        rule: null,
        amount: 1000,
        waived: false,
      },
      {
        kind: 'idle',
        description: 'Idle fee 2026-11-22 (after 15 min grace), daily cap reached',
        detail: { idle: { date: '2026-11-22', graceMinutes: 15, freeHours: null, capped: true } },
        quantity: 40,
        unit: 'min',
        periodIndex: null,
        rule: null,
        amount: 200,
        waived: false,
      },
      {
        kind: 'violation',
        description: 'Idle beyond the limit',
        detail: null,
        quantity: 1,
        unit: 'session',
        periodIndex: null,
        rule: 'idle-limit',
        amount: 34,
        waived: false,
      },
      // Priced before the engine kept a line's parts: its English stays.
      {
        kind: 'time',
        description: 'Charging time, All Days all day',
        detail: null,
        quantity: 0.5,
        unit: 'h',
        periodIndex: 0,
        rule: null,
        amount: 0,
        waived: false,
      },
    ],
    energyWh: 1500,
    chargingSeconds: 1800,
    idleSeconds: 0,
  },
} satisfies SessionDetail;
const payment = {
  sessionId: 's2',
  locationId: LOCATION,
  locationName: 'Diridon Station',
  timeZone: 'America/Los_Angeles',
  driverId: 'd1',
  driverName: 'Rosa Diaz',
  amountMinor: 1234,
  currency: 'USD',
  status: 'paid',
  providerPaymentId: 'pi_1',
  providerFeeMinor: 66,
  refundedMinor: 0,
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  paidAt: '2026-11-22T17:00:00.000Z',
  createdAt: '2026-11-22T17:00:00.000Z',
} satisfies SessionPayment;

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/sessions/s2') return ok(session);
  if (path === '/session-payments/s2') return ok({ payment });
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
  // Anything else, the live feed included, is not there: the feed stops on a 404.
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

const page = (
  <Routes>
    <Route path="/dashboard/sessions/:id" element={<SessionDetailPage />} />
  </Routes>
);

describe('A charging session in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, facts, price, card payment, meter values, and the stop confirmation', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', page, [LOCATION], '/dashboard/sessions/s2');
    expect(await screen.findByRole('heading', { name: 'Ladevorgang Nr. 4712', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Bay 42 (WD-0042) · Anschluss 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ladevorgang beenden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ladevorgänge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erstatten' })).toBeInTheDocument();

    for (const fact of ['Status', 'Fahrer (ID-Tag)', 'Beginn', 'Ende', 'Dauer', 'Energie', 'Leistung', 'Grund für das Ende'])
      expect(screen.getByText(fact, { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Läuft', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toBeInTheDocument();

    const price = screen.getByRole('region', { name: 'Preis' });
    expect(within(price).getByText('Kartenzahlung')).toBeInTheDocument();
    expect(await within(price).findByText(/^12,34\s\$$/, { selector: 'p' })).toBeInTheDocument();
    expect(within(price).getByText('Bisherige Schätzung: Der Preis steigt, solange der Ladevorgang läuft.')).toBeInTheDocument();
    const items = within(price).getByRole('table', { name: 'Preispositionen' });
    expect(within(items).getByText('1.234,5 kWh')).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /^Energie, Wochentage 17:00–21:00 / })).toBeInTheDocument();
    expect(
      within(items).getByRole('row', { name: /^Blockiergebühr 22\. Nov\. 2026 \(nach 15 Min\. Karenzzeit\), Tageshöchstbetrag erreicht / }),
    ).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /^Blockieren über das Limit hinaus / })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /^Charging time, All Days all day / })).toBeInTheDocument();
    expect(within(items).getByText('Summe bisher')).toBeInTheDocument();

    const meter = screen.getByRole('region', { name: 'Zählerwerte' });
    const chart = within(meter).getByRole('img', { name: 'Energie und Leistung des Ladevorgangs 4712 im Zeitverlauf' });
    // The times are the location's, with its zone, once the location's state has answered.
    await waitFor(() =>
      expect(chart).toHaveAccessibleDescription(
        '3 Zählerwerte von 08:00 bis 08:30 (America/Los_Angeles): Die gelieferte Energie erreichte 1,50 kWh, die Leistung lag in der Spitze bei 7,4 kW.',
      ),
    );
    expect(within(meter).getByText('Zählerwerte als Tabelle (3)')).toBeInTheDocument();
    expect(within(meter).getByRole('table', { name: 'Zählerwerte', hidden: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ladevorgang beenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Ladevorgang beenden?' });
    expect(within(dialog).getByText('Das Laden für 04A1B2C3 an Bay 42 wird jetzt beendet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
