import type { FirmwareImage } from '@wattdesk/shared/schemas/firmware';
import type { FirmwareCampaignReport, FirmwareCampaignSummary } from '@wattdesk/shared/schemas/firmware-campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowDownloads, allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { FirmwarePage } from '../firmware-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const IMAGE = '9d3b6f0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const CAMPAIGN = '2c4e6a80-1b3d-4f5a-9c7e-0d2f4b6a8c1e';
const image = {
  id: IMAGE,
  version: '2.4.1',
  models: ['AC22', 'AC11'],
  fileName: 'wd-ac-2.4.1.bin',
  sizeBytes: 3_250_000,
  sha256: '3f2a9c0d1e5b7a4c6d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e',
  uploadedByEmail: 'ops@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
} satisfies FirmwareImage;
const campaign = {
  id: CAMPAIGN,
  version: '2.4.1',
  imageId: IMAGE,
  locationId: LOCATION,
  locationName: 'Diridon Station',
  models: ['AC22'],
  status: 'running',
  firstStagePercent: 25,
  currentStage: 1,
  retrieveAt: '2026-11-21T09:00:00.000Z',
  retries: 2,
  retryIntervalSeconds: 60,
  counts: { total: 1200, updated: 1003, failed: 1, inProgress: 196 },
  createdAt: '2026-11-21T09:00:00.000Z',
} satisfies FirmwareCampaignSummary;
const report = {
  ...campaign,
  chargers: [
    {
      chargerId: '5e7a9c1b-3d5f-4a7b-8c9d-0e1f2a3b4c5d',
      chargerCode: 'WD-0042',
      name: 'Bay 42',
      model: 'AC22',
      stage: 1,
      state: 'failed',
      previousVersion: '2.3.0',
      reportedVersion: null,
      failure: 'DownloadFailed after 3 attempts',
      attempts: 3,
      updatedAt: '2026-11-21T09:30:00.000Z',
    },
  ],
} satisfies FirmwareCampaignReport;

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/firmware/images' && method === 'GET') return ok({ items: [image] });
  if (path === '/firmware/campaigns' && method === 'GET') return ok({ items: [campaign] });
  if (path === `/firmware/campaigns/${CAMPAIGN}`) return ok(report);
  if (path === '/chargers') return ok({ items: [], total: 0, page: 1, pageSize: 200 });
  if (path === '/payments/plan-includes')
    return ok({ locationId: LOCATION, planName: 'Basic', includes: { maxChargers: 25, features: ['firmware_campaigns'] } });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
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

// Limits, not measurements: MUI's dialogs and tables render slowly when the shared machine is busy.
describe('Firmware in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, images and their columns, the upload dialog, campaigns with states and figures the German way', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <FirmwarePage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Firmware', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const images = await screen.findByRole('table', { name: 'Firmware-Images' }, { timeout: 20_000 });
    expect(
      within(images)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Version', 'Modelle', 'Datei', 'Größe', 'SHA-256', 'Hochgeladen', 'Aktionen']);
    const row = within(images).getByText('wd-ac-2.4.1.bin').closest('tr')!;
    expect(row).toHaveTextContent('3,1 MB');
    expect(within(row).getByRole('button', { name: 'Firmware 2.4.1 herunterladen' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Firmware 2.4.1 löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Dieses Firmware-Image löschen?' });
    expect(confirm).toHaveTextContent('Firmware 2.4.1 wird mit ihrer Datei entfernt. Bereits aktualisierte Ladestationen behalten sie.');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    // The closing dialog hides the page until it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Firmware hochladen' }));
    const upload = await screen.findByRole('dialog', { name: 'Firmware hochladen' });
    expect(within(upload).getByRole('textbox', { name: 'Version' })).toBeInTheDocument();
    expect(within(upload).getByRole('textbox', { name: 'Modelle' })).toBeInTheDocument();
    expect(within(upload).getByRole('textbox', { name: 'SHA-256 (optional)' })).toBeInTheDocument();
    const huge = new File(['x'], 'huge.bin');
    Object.defineProperty(huge, 'size', { value: 65 * 1024 * 1024 });
    await user.upload(within(upload).getByLabelText('Firmware-Image-Datei'), huge);
    expect(within(upload).getByRole('alert')).toHaveTextContent('Ein Firmware-Image darf höchstens 64 MB groß sein');
    expect(within(upload).getByRole('button', { name: 'Hochladen' })).toBeDisabled();
    await user.click(within(upload).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const campaigns = await screen.findByRole('table', { name: 'Firmware-Kampagnen' }, { timeout: 20_000 });
    expect(
      within(campaigns)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Version', 'Status', 'Aktualisiert', 'Fehlgeschlagen', 'Gestartet', 'Bericht']);
    const cells = within(within(campaigns).getByText('2.4.1').closest('tr')!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['2.4.1', 'läuft', '1.003 von 1.200', '1', expect.any(String), 'Bericht']);
    expect(screen.getByRole('button', { name: 'Kampagne starten' })).toBeEnabled();

    await user.click(within(campaigns).getByRole('button', { name: 'Bericht der Kampagne 2.4.1' }));
    const section = await screen.findByRole('region', { name: 'Bericht der Kampagne 2.4.1' }, { timeout: 20_000 });
    expect(within(section).getByTestId('campaign-status')).toHaveTextContent('Läuft');
    expect(section).toHaveTextContent('Stufe 1 von 2 · 1.003 von 1.200 aktualisiert · 1 fehlgeschlagen');
    const charger = within(section).getByText('Bay 42').closest('tr')!;
    expect(charger).toHaveTextContent('Fehlgeschlagen');
    await user.click(within(section).getByRole('button', { name: 'Pausieren' }));
    const pause = await screen.findByRole('dialog', { name: 'Diese Kampagne pausieren?' });
    expect(pause).toHaveTextContent('Keine weitere Ladestation erhält das Update');
    await user.click(within(pause).getByRole('button', { name: 'Abbrechen' }));
    expect(api.changes()).toEqual([]);
  });
});
