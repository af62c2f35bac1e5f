import type { Charger, ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { MaintenanceOverview } from '@wattdesk/shared/schemas/charging';
import type { InspectionRecord, InspectionTemplate } from '@wattdesk/shared/schemas/inspections';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { MaintenancePage } from '../maintenance-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const charger: Charger = {
  id: 'c1',
  chargerId: 'WD-0001',
  locationId: LOCATION,
  locationName: 'Hauptbahnhof',
  name: 'Bay 1',
  thingName: 'thing-wd-0001',
  kind: 'smart',
  model: 'Wattdesk Smart 11',
  serialNumber: 'SN1',
  connectorTypes: ['Type 2'],
  maxPowerKw: 11,
  status: 'available',
  lastKnownStatus: 'available',
  licensed: true,
  demoNotConnected: false,
  ocppVersion: '1.6',
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  connected: true,
  availability: 'operative',
  firmwareVersion: '1.4.2',
  connectors: [],
  activeSessions: [],
};
const chargers: ChargerListResponse = {
  items: [charger],
  total: 1234,
  page: 1,
  pageSize: 200,
  statusCounts: { available: 1, charging: 0, offline: 0, maintenance: 0, faulted: 0 },
};
const overview: MaintenanceOverview = {
  chargers: [{ id: 'c2', chargerId: 'WD-0002', name: 'Bay 2', connected: false, status: 'maintenance' }],
  history: [{ at: '2026-11-20T08:00:00.000Z', chargerId: 'WD-0002', action: 'start', actorEmail: null }],
};
const template: InspectionTemplate = {
  id: 't1',
  locationId: LOCATION,
  name: 'Monatliche Prüfung',
  target: 'charger',
  archived: false,
  updatedAt: '2026-11-20T08:00:00.000Z',
  sections: [
    {
      id: 's1',
      title: 'Kabel und Gehäuse',
      questions: [
        { id: 'q1', text: 'Ist das Kabel unbeschädigt?', kind: 'yes-no', min: null, max: null, opensMaintenance: true },
        { id: 'q2', text: 'Isolationswiderstand (MΩ)', kind: 'number', min: 1, max: 1500, opensMaintenance: false },
        { id: 'q3', text: 'Notizen', kind: 'text', min: null, max: null, opensMaintenance: false },
      ],
    },
  ],
};
const record: InspectionRecord = {
  id: 'r1',
  templateId: 't1',
  templateName: 'Monatliche Prüfung',
  templateArchived: false,
  locationId: LOCATION,
  chargerId: 'c1',
  chargerName: 'Bay 1',
  sections: template.sections,
  answers: [
    { questionId: 'q1', value: false, failed: true },
    { questionId: 'q2', value: 0.5, failed: true },
    { questionId: 'q3', value: '', failed: false },
  ],
  failedCount: 2,
  maintenanceOpened: true,
  inspectorEmail: 'ops@example.com',
  completedAt: '2026-11-21T09:00:00.000Z',
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/chargers') return ok(chargers);
  if (path === '/maintenance' && method === 'GET') return ok(overview);
  if (path === '/inspection-templates' && method === 'GET') return ok({ items: [template] });
  if (path === '/records' && method === 'GET') return ok({ items: [record] });
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Hauptbahnhof', timeZone: 'Europe/Berlin' });
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
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: tables and dialogs render slowly when the shared machine is busy.
describe('Maintenance in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, sections, columns, the confirmation, inspections and figures the German way', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <MaintenancePage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Wartung', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(
      screen.getByText('Ladestationen in Wartung sind außer Betrieb: Auf ihnen kann kein Ladevorgang starten, bis sie wieder in Betrieb sind.'),
    ).toBeInTheDocument();

    const picker = await screen.findByRole('table', { name: 'Ladestationen des Standorts' }, { timeout: 20_000 });
    expect(
      within(picker)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Name', 'Ladestations-ID', 'Status', 'Verbindung']);
    expect(within(picker).getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Die ersten 1 von 1.234 Ladestationen werden angezeigt.')).toBeInTheDocument();
    expect(screen.getByText('0 ausgewählt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In Wartung setzen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wieder in Betrieb nehmen' })).toBeDisabled();

    const now = await screen.findByRole('table', { name: 'Ladestationen jetzt in Wartung' }, { timeout: 20_000 });
    expect(within(now).getByText('Ausstehend: offline, wird bei erneuter Verbindung angewendet')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Wartungsverlauf' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Zeit', 'Ladestations-ID', 'Änderung', 'Von']);
    expect(within(history).getByText('In Wartung gesetzt')).toBeInTheDocument();
    expect(within(history).getByText('Unbekannt')).toBeInTheDocument();

    await user.click(within(picker).getByRole('checkbox', { name: 'Bay 1 (WD-0001) auswählen' }));
    expect(screen.getByText('1 ausgewählt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'In Wartung setzen' }));
    const confirm = await screen.findByRole('dialog', { name: '1 Ladestation in Wartung setzen?' });
    expect(confirm).toHaveTextContent(
      'Sie werden außer Betrieb gesetzt: Laufende Ladevorgänge werden beendet, und kein neuer Ladevorgang kann starten. WD-0001.',
    );
    expect(within(confirm).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));

    const templates = await screen.findByRole('region', { name: 'Inspektionsvorlagen' }, { timeout: 20_000 });
    expect(await within(templates).findByText('Monatliche Prüfung · Ladestation · 3 Fragen', {}, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Aktiv', 'Archiviert', 'Alle']) expect(within(templates).getByRole('button', { name })).toBeInTheDocument();
    expect(within(templates).getByRole('button', { name: 'Neue Vorlage' })).toBeInTheDocument();

    const records = await screen.findByRole('table', { name: 'Inspektionsprotokolle' }, { timeout: 20_000 });
    expect(
      within(records)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Abgeschlossen', 'Vorlage', 'Geprüft', 'Von', 'Ergebnis']);
    expect(within(records).getByText('2 nicht bestanden · Wartung eröffnet')).toBeInTheDocument();

    await user.click(within(templates).getByRole('button', { name: 'Monatliche Prüfung ausfüllen' }));
    const form = await screen.findByRole('dialog', { name: 'Monatliche Prüfung' });
    expect(within(form).getByText('Bestanden zwischen 1 und 1.500')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Nein' }));
    expect(within(form).getByText('Nicht bestanden: mit Nein beantwortet – die Ladestation wird in Wartung gesetzt')).toBeInTheDocument();
    expect(within(form).getByText('1 nicht bestandene Antwort')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Inspektion abschließen' }));
    expect(within(form).getByText('Wählen Sie die geprüfte Ladestation')).toBeInTheDocument();
    expect(within(form).getByText('Geben Sie eine Zahl ein')).toBeInTheDocument();
  });
});
