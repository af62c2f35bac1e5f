import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFirmwareVersion } from '../../charger.ts';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

/** A download server like the product's: the image with its SHA-256 and version; /damaged/ sends a wrong checksum. */
const images = { url: '', served: 0 };
const image = Buffer.from('simulated firmware image');
let server: Server | undefined;
beforeAll(async () => {
  server = createServer((request, response) => {
    images.served += 1;
    const sha = createHash('sha256')
      .update(request.url?.includes('/damaged/') ? 'other' : image)
      .digest('hex');
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-checksum-sha256': sha, 'x-firmware-version': '2.1.0-served' });
    response.end(image);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  images.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('commands from the central system', () => {
  it('diagnostics upload and firmware update with a reboot on the new version', async () => {
    const charger = makeCharger();
    await charger.connect();
    const diagnostics = (await central.command(charger.chargerId, 'GetDiagnostics', { location: 'ftp://logs.example/' })) as { fileName: string };
    expect(diagnostics.fileName).toMatch(/^SIM-1-diagnostics-\d{8}T\d{6}\.log$/);
    await central.waitFor(() => central.callsOf('DiagnosticsStatusNotification').length === 2);
    expect(central.callsOf('DiagnosticsStatusNotification').map((call) => call.params.status)).toEqual(['Uploading', 'Uploaded']);

    expect(
      await central.command(charger.chargerId, 'UpdateFirmware', {
        location: `${images.url}/wattdesk-2.1.0.bin`,
        retrieveDate: new Date().toISOString(),
      }),
    ).toEqual({});
    await central.waitFor(() => central.callsOf('BootNotification').length === 2);
    expect(central.callsOf('FirmwareStatusNotification').map((call) => call.params.status)).toEqual([
      'Downloading',
      'Downloaded',
      'Installing',
      'Installed',
    ]);
    // The version the server sends with the image wins over the file name.
    expect(central.callsOf('BootNotification')[1]!.params.firmwareVersion).toBe('2.1.0-served');
    expect(charger.firmwareVersion).toBe('2.1.0-served');
  });

  it('a damaged download is tried again, then reported DownloadFailed; an installation failure keeps the old version', async () => {
    const charger = makeCharger();
    await charger.connect();
    const servedBefore = images.served;
    await central.command(charger.chargerId, 'UpdateFirmware', {
      location: `${images.url}/damaged/wattdesk-3.0.0.bin`,
      retrieveDate: new Date().toISOString(),
      retries: 1,
      retryInterval: 0,
    });
    await central.waitFor(() => central.callsOf('FirmwareStatusNotification').length === 3);
    expect(central.callsOf('FirmwareStatusNotification').map((call) => call.params.status)).toEqual(['Downloading', 'Downloading', 'DownloadFailed']);
    expect(images.served - servedBefore).toBe(2);

    charger.firmwareFailure = 'install';
    await central.command(charger.chargerId, 'UpdateFirmware', {
      location: `${images.url}/wattdesk-3.0.0.bin`,
      retrieveDate: new Date().toISOString(),
    });
    await central.waitFor(() => central.callsOf('FirmwareStatusNotification').length === 7);
    expect(
      central
        .callsOf('FirmwareStatusNotification')
        .slice(3)
        .map((call) => call.params.status),
    ).toEqual(['Downloading', 'Downloaded', 'Installing', 'InstallationFailed']);
    expect(central.callsOf('BootNotification')).toHaveLength(1);
    expect(charger.firmwareVersion).not.toBe('2.1.0-served');
  });

  it('progress reported during a reboot is kept and sent once the charger is back', async () => {
    const charger = makeCharger({ stepDelayMs: 60 });
    await charger.connect();
    await central.command(charger.chargerId, 'GetDiagnostics', { location: 'ftp://logs.example/' });
    expect(await central.command(charger.chargerId, 'Reset', { type: 'Hard' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('DiagnosticsStatusNotification').length === 2);
    expect(central.callsOf('DiagnosticsStatusNotification').map((call) => call.params.status)).toEqual(['Uploading', 'Uploaded']);
    expect(central.callsOf('BootNotification')).toHaveLength(2);
  });
});

describe('nextFirmwareVersion', () => {
  it('takes the version from the file name, or bumps the current one', () => {
    expect(nextFirmwareVersion('https://fw.example/builds/wattdesk-2.1.0.bin?sig=1', '1.4.2')).toBe('2.1.0');
    expect(nextFirmwareVersion('https://fw.example/latest.bin', '1.4.2')).toBe('1.4.3');
    expect(nextFirmwareVersion('https://fw.example/latest.bin', 'beta')).toBe('beta-1');
  });
});
