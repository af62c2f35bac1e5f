import type { DashboardOverview } from '@wattdesk/shared/schemas/dashboard';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { allowForBusyMachine, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { OverviewPage } from '../overview-page.tsx';

const figure = (current: number, previous: number | null = null) => ({ current, previous });
const overview = {
  from: '2026-10-27',
  to: '2026-11-25',
  previousFrom: '2026-09-27',
  previousTo: '2026-10-26',
  dayFilter: 'all-days',
  timeZone: 'Europe/Berlin',
  figures: {
    energyWh: figure(12_345_678, 10_000_000),
    sessions: figure(1_520, 1_600),
    revenue: [{ currency: 'EUR', ...figure(4_567_890, 4_000_000) }],
    avgEnergyWh: figure(8_122),
    avgDurationSeconds: figure(7_380),
    utilisation: figure(0.123),
    uptime: figure(0.987),
    idleSeconds: figure(360_000),
    violations: figure(42, 40),
    uniqueDrivers: figure(180, 170),
  },
  series: [{ day: '2026-11-24', energyWh: 400_000, sessions: 50, revenue: [{ currency: 'EUR', amount: 150_000 }] }],
  heatMap: [{ weekday: 1, hour: 8, utilisation: 0.5 }],
  topChargers: [{ chargerId: 'c1', code: 'WD-1', name: 'Bay 1', locationId: 'l1', locationName: 'Hauptbahnhof', energyWh: 900_000, sessions: 80 }],
  bottomChargers: [],
  connectorTypes: [{ connectorType: 'Type 2', sessions: 1_520 }],
} satisfies DashboardOverview;

describe('Dashboard overview in German (issue 44)', () => {
  let api: TestApi;
  beforeAll(async () => {
    allowForBusyMachine();
    api = await startTestApi((call) => (call.path === '/dashboard/overview' ? ok(overview) : undefined));
  });
  afterAll(() => api.close());
  afterEach(async () => {
    useSession.setState({ user: null });
    await useLanguage.getState().choose('en');
    localStorage.clear();
  });

  it('reads German: heading, figures, filters, charts and reports, numbers written the German way', async () => {
    await useLanguage.getState().choose('de');
    // As the app does on a change of language: the screen's catalogue is here before it shows (no suspense in act).
    await loadEveryArea('de');
    renderAs(
      'PortfolioManager',
      <Suspense fallback={null}>
        <OverviewPage />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    expect(await screen.findByText('12.345,68 kWh')).toBeInTheDocument();
    // A figure keeps its English test id in every language (the end-to-end journeys find figures by it).
    expect(screen.getByTestId('figure-Energy delivered')).toHaveTextContent('12.345,68 kWh');
    expect(
      screen.getByText(
        /^Willkommen zurück, Dana\. Alle Standorte, auf die Sie Zugriff haben · 2026-.* bis .* · Alle Tage · Zeiten in Europe\/Berlin\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Ladevorgänge\s*1\.520/ })).toBeInTheDocument();
    expect(screen.getByText('Abgegebene Energie')).toBeInTheDocument();
    expect(screen.getByText(/^-5,0\s%\sgegenüber dem Vorzeitraum$/)).toBeInTheDocument();
    expect(screen.getByText('45.678,90 €')).toBeInTheDocument();
    const days = screen.getByRole('group', { name: 'Tagesfilter' });
    expect(within(days).getByRole('button', { name: 'Wochenenden' })).toBeInTheDocument();
    const range = screen.getByRole('group', { name: 'Zeitraum' });
    expect(within(range).getByRole('button', { name: '30 Tage' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Energie pro Tag über 1 Tag; Linie: Umsatz' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Auslastung nach Wochentag und Stunde' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Mo' })).toBeInTheDocument();
    expect(screen.getByText('900,00 kWh · 80 Ladevorgänge')).toBeInTheDocument();
    const reports = screen.getByRole('region', { name: 'Berichte' });
    expect(within(reports).getByRole('button', { name: 'Bericht herunterladen' })).toBeInTheDocument();
    expect(within(reports).getByLabelText('Bericht')).toHaveTextContent('Ladevorgänge');
  });
});
