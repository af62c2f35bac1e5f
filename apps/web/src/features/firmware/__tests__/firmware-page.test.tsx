import type { FirmwareImage } from '@wattdesk/shared/schemas/firmware';
import type { FirmwareCampaignReport, FirmwareCampaignSummary } from '@wattdesk/shared/schemas/firmware-campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import {
  allowDownloads,
  allowForBusyMachine,
  type ApiRoutes,
  ok,
  refusal,
  renderAs,
  startTestApi,
  type TestApi,
} from '../../../testing/test-api.tsx';
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
let campaigns: FirmwareCampaignSummary[] = [];
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/firmware/images' && method === 'GET') return ok({ items: [image] });
  if (path === `/firmware/images/${IMAGE}/file`)
    return { status: 200, file: 'firmware', contentType: 'application/octet-stream', fileName: image.fileName };
  if (path === '/firmware/campaigns' && method === 'GET') return ok({ items: campaigns });
  if (path === '/firmware/campaigns' && method === 'POST') return { status: 201, body: report };
  if (path === `/firmware/campaigns/${CAMPAIGN}`) return ok(report);
  if (path === `/firmware/campaigns/${CAMPAIGN}/pause`) return ok({ ...report, status: 'paused' });
  if (path === '/chargers') return ok({ items: [], total: 0, page: 1, pageSize: 200 });
  return undefined;
};
const changes = () => api.changes().map(({ method, path, body }) => ({ method, path, body }));

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(() => {
  campaigns = [campaign];
  api.calls = [];
  api.routes = routes;
  useSelectedLocation.setState({ locationId: null });
});

// Limits, not measurements: MUI's dialogs and tables render slowly when the shared machine is busy.
describe('Firmware', { timeout: 120_000 }, () => {
  it('lists the images with size and checksum; a manufacturer downloads them but cannot upload or delete', async () => {
    const user = userEvent.setup();
    renderAs('ManufacturingAdmin', <FirmwarePage />);
    const table = await screen.findByRole('table', { name: 'Firmware images' }, { timeout: 20_000 });
    const row = within(table).getByText('wd-ac-2.4.1.bin').closest('tr')!;
    expect(row).toHaveTextContent('AC22, AC11');
    expect(row).toHaveTextContent('3.1 MB');
    expect(row).toHaveTextContent('3f2a9c0d1e5b…');
    expect(row).toHaveTextContent('ops@example.com');
    expect(screen.queryByRole('button', { name: 'Upload firmware' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete firmware 2.4.1' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Download firmware 2.4.1' }));
    expect(await screen.findByText('Downloaded wd-ac-2.4.1.bin')).toBeInTheDocument();
    expect(api.callsTo(`/firmware/images/${IMAGE}/file`)).toHaveLength(1);
  });

  // Only the form: jsdom's FormData cannot travel through Node's fetch, so the upload itself is the API's and e2e's to test.
  it('offers Upload only once version, models and a file are given, and refuses a file that is too large', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <FirmwarePage />);
    await user.click(await screen.findByRole('button', { name: 'Upload firmware' }, { timeout: 20_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Upload firmware' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    const huge = new File(['x'], 'huge.bin');
    Object.defineProperty(huge, 'size', { value: 65 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Firmware image file'), huge);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A firmware image may be at most 64 MB');

    await user.upload(within(dialog).getByLabelText('Firmware image file'), new File(['firmware bytes'], 'wd-ac-2.5.0.bin'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByText('wd-ac-2.5.0.bin')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Version' }), '2.5.0');
    expect(upload).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Models' }), 'AC22, AC11');
    expect(upload).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes()).toEqual([]);
  });

  it('deletes an image only after the confirmation, and shows why the server refused', async () => {
    api.routes = (call) =>
      call.method === 'DELETE' ? refusal(409, 'A campaign uses this image; it cannot be deleted', 'FIRMWARE_IN_USE') : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <FirmwarePage />);
    await user.click(await screen.findByRole('button', { name: 'Delete firmware 2.4.1' }, { timeout: 20_000 }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this firmware image?' });
    expect(confirm).toHaveTextContent('Firmware 2.4.1 is removed with its file.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this firmware image?' })).not.toBeInTheDocument());
    expect(changes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete firmware 2.4.1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this firmware image?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A campaign uses this image; it cannot be deleted')).toBeInTheDocument();
    expect(changes()).toEqual([{ method: 'DELETE', path: `/firmware/images/${IMAGE}`, body: undefined }]);
  });

  it('starts a campaign only after saying what it does; a refusal is shown and a second try starts it', async () => {
    campaigns = [];
    useSelectedLocation.setState({ locationId: LOCATION });
    api.routes = (call) =>
      call.method === 'POST' ? refusal(400, 'No charger of this location has a model the image fits', 'FIRMWARE_CAMPAIGN_NO_CHARGERS') : routes(call);
    const user = userEvent.setup();
    renderAs('MobileAdmin', <FirmwarePage />, [LOCATION]);
    expect(await screen.findByText('No firmware campaigns at this location yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a firmware campaign' });
    const stage = within(dialog).getByRole('spinbutton', { name: 'First stage (% of chargers)' });
    await user.clear(stage);
    await user.type(stage, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveAccessibleName('Update these chargers?');
    expect(dialog).toHaveTextContent(
      'with model AC22, AC11 download and install firmware 2.4.1, then restart; a running session on them ends. 25% go first',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'First stage (% of chargers)' })).toHaveValue(25);
    expect(changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update chargers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No charger of this location has a model the image fits');
    const body = { imageId: IMAGE, locationId: LOCATION, firstStagePercent: 25, retries: 2 };
    expect(changes()).toEqual([{ method: 'POST', path: '/firmware/campaigns', body }]);

    api.routes = routes;
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update chargers' }));
    expect(await screen.findByText('Firmware 2.4.1 campaign started on 1,200 chargers')).toBeInTheDocument();
    expect(changes()).toHaveLength(2);
  });

  it('shows a campaign’s progress and report, and pauses it only after the confirmation', async () => {
    useSelectedLocation.setState({ locationId: LOCATION });
    const user = userEvent.setup();
    renderAs('MobileAdmin', <FirmwarePage />, [LOCATION]);
    const table = await screen.findByRole('table', { name: 'Firmware campaigns' }, { timeout: 20_000 });
    const cells = within(within(table).getByText('2.4.1').closest('tr')!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['2.4.1', 'running', '1,003 of 1,200', '1', expect.any(String), 'Report']);
    await user.click(within(table).getByRole('button', { name: 'Report of campaign 2.4.1' }));
    const section = await screen.findByRole('region', { name: 'Campaign 2.4.1 report' });
    expect(section).toHaveTextContent('Stage 1 of 2 · 1,003 of 1,200 updated · 1 failed');
    const charger = within(section).getByText('Bay 42').closest('tr')!;
    expect(charger).toHaveTextContent('(WD-0042)');
    expect(charger).toHaveTextContent('Failed');
    expect(charger).toHaveTextContent('2.3.0 / –');
    expect(charger).toHaveTextContent('DownloadFailed after 3 attempts');

    await user.click(within(section).getByRole('button', { name: 'Pause' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Pause this campaign?' })).getByRole('button', { name: 'Cancel' }));
    // The closing dialog loses its title at once but hides the page until it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes()).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Pause' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Pause this campaign?' })).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Campaign paused')).toBeInTheDocument();
    expect(within(section).getByTestId('campaign-status')).toHaveTextContent('Paused');
    expect(changes()).toEqual([{ method: 'POST', path: `/firmware/campaigns/${CAMPAIGN}/pause`, body: {} }]);
  });

  it("disables Start campaign with the reason when the location's plan does not include firmware campaigns", async () => {
    useSelectedLocation.setState({ locationId: LOCATION });
    api.routes = (call) =>
      call.path === '/payments/plan-includes'
        ? ok({ locationId: LOCATION, planName: 'Basic', includes: { maxChargers: 25, features: [] } })
        : routes(call);
    renderAs('MobileAdmin', <FirmwarePage />, [LOCATION]);
    expect(
      await screen.findByText(
        'Firmware campaigns are not included in the Basic plan. Change the plan under Subscription to use them.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start campaign' })).toBeDisabled();
  });
});
