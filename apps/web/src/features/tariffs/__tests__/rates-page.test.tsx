import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { RatesPage } from '../rates-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const version = {
  id: 't1',
  effectiveFrom: '2026-11-01T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'Dana Chen',
  currency: 'EUR',
  periods: [
    { days: 'weekdays' as const, startHour: 17, endHour: 21, energyPriceMicros: 450_000, timePriceMicros: null },
    { days: 'weekdays' as const, startHour: 21, endHour: 17, energyPriceMicros: 250_000, timePriceMicros: null },
    { days: 'weekends' as const, startHour: 0, endHour: 0, energyPriceMicros: 200_000, timePriceMicros: null },
  ],
  sessionFee: 0,
  sessionFeeIsDefault: true,
  idleFee: { enabled: false, pricePerMinuteMicros: 0, graceMinutes: 0, capMinor: null, window: null },
  violationRules: { maxStay: null, idleLimit: null },
} as unknown as TariffOverview['current'];
const tariff = {
  locationId: LOCATION,
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  current: version,
  scheduled: [],
  history: [],
  defaultSessionFee: 0,
} satisfies TariffOverview;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(({ path }) => (path === '/tariffs' ? ok(tariff) : undefined));
  allowForBusyMachine();
});
afterAll(() => api.close());
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('the Rates screen in German (issue 44)', () => {
  it('reads German: headings, period fields, weekdays, hours on a 24-hour clock, and numbers written the German way', async () => {
    // As a change of language does for the areas already shown: the screen then renders without suspending.
    await loadEveryArea('de');
    await useLanguage.getState().choose('de');
    useSelectedLocation.setState({ locationId: LOCATION });
    renderAs('PortfolioManager', <RatesPage />, [LOCATION]);

    expect(await screen.findByRole('heading', { name: 'Tarife' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Preise nach Stunde der Woche' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zeiträume' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tarife speichern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zeitraum hinzufügen' })).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Zeitraum 1' });
    expect(within(first).getByLabelText('Preis pro kWh')).toHaveValue('0,45');
    expect(within(first).getByRole('combobox', { name: 'Von' })).toHaveTextContent('17:00');
    expect(screen.getByRole('table', { name: /Preis pro kWh nach Wochentag und Stunde/ })).toHaveTextContent('Montag');
    expect(screen.getByRole('list', { name: 'Legende' })).toHaveTextContent('Wochentage 17:00–21:00: 0,45 €/kWh');

    // The calculator: the amount and energy in German, and its limit with a German thousands separator.
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(/^Ein jetzt beginnender Ladevorgang über 2 Std\. und 20,00 kWh kostet/);
    const energy = screen.getByLabelText('Energie (kWh)');
    await userEvent.clear(energy);
    await userEvent.type(energy, '1500');
    expect(screen.getByText('Die Energie muss zwischen 0 und 1.000 kWh liegen')).toBeInTheDocument();
    // Typed the German way: "2,5" hours is two and a half, not an error (nor 25).
    await userEvent.clear(energy);
    await userEvent.type(energy, '20');
    const hours = screen.getByLabelText('Stunden');
    await userEvent.clear(hours);
    await userEvent.type(hours, '2,5');
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(/^Ein jetzt beginnender Ladevorgang über 2,5 Std\. und 20,00 kWh kostet/);

    // What is wrong with the periods, in German too.
    await userEvent.click(within(screen.getByRole('group', { name: 'Zeitraum 3' })).getByRole('button', { name: 'Zeitraum 3 entfernen' }));
    expect(screen.getByText('Kein Zeitraum deckt Sonntag 00:00–00:00 ab')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Versionen' })).toBeInTheDocument();
  });
});

describe('the Rates screen in English', () => {
  it('keeps the words the specification and the end-to-end tests read', async () => {
    useSelectedLocation.setState({ locationId: LOCATION });
    renderAs('PortfolioManager', <RatesPage />, [LOCATION]);

    expect(await screen.findByRole('heading', { name: 'Prices by hour of the week' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Weekdays 5 PM–9 PM: €0.45/kWh');
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(/^A 2-hour, 20.00 kWh session starting now costs/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove period 3' }));
    expect(screen.getByText('No period covers Sunday 12 AM–12 AM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save rates' })).toBeDisabled();
  });
});
