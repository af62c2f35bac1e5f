/**
 * npm run simulate -- [options]: OCPP 1.6J or 2.0.1 chargers connected to a running Wattdesk.
 * Without --chargers, signs in to the product and simulates the first N chargers it lists.
 */
import { parseArgs } from 'node:util';
import { DEMO_CHARGER_PASSWORD } from '@wattdesk/shared';
import type { FleetChargerSpec } from './fleet.ts';
import { ocppVersionInMix, startSimulatedFleet } from './fleet.ts';

const HELP = `Simulate OCPP 1.6J and 2.0.1 chargers against a running Wattdesk.

Usage: npm run simulate -- [options]

  --url <url>              Wattdesk base URL (default http://localhost:3000); chargers connect to ws://…/ocpp/{chargerId}
  --chargers <id,id,…>     Charger ids to simulate
  --count <n>              Without --chargers: simulate the first n chargers the product lists, by name (default 3)
  --password <text>        OCPP password of the chargers (default: the demo chargers' password)
  --email <email>          Account used to list chargers (default superadmin@example.com)
  --password-login <text>  Its password (default Charge#2026)
  --protocol <version>     OCPP version the chargers prefer: 1.6 (default), 2.0.1, or mixed (every third charger 2.0.1).
                           A 2.0.1 charger also offers 1.6 and speaks 1.6 when the server selects it
  --connectors <n>         Connectors per charger (default 1; in 2.0.1 each is an EVSE)
  --power-kw <kW>          Rated power (default 7.2)
  --meter-interval <s>     Seconds between meter values while charging (default 10)
  --time-scale <x>         Run the scenario x times faster: sessions, idle times, energy (default 1)
  --no-autopilot           Connect and boot only; sessions start when the server asks (remote start)
  --fail-download <id,…>   These chargers answer UpdateFirmware with DownloadFailed (to rehearse a campaign's failures)
  --fail-install <id,…>    These chargers download, then report InstallationFailed
  --quiet                  Leave heartbeats and meter values out of the log
  --help                   This text

Ctrl-C ends running sessions and disconnects; press it twice to quit at once.`;

const fail = (message: string): never => {
  console.error(`simulate: ${message}`);
  process.exit(1);
};

const positiveNumber = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) fail(`--${name} must be a positive number, not "${value}"`);
  return parsed;
};

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        url: { type: 'string', default: 'http://localhost:3000' },
        chargers: { type: 'string' },
        count: { type: 'string' },
        password: { type: 'string', default: DEMO_CHARGER_PASSWORD },
        email: { type: 'string', default: 'superadmin@example.com' },
        'password-login': { type: 'string', default: 'Charge#2026' },
        protocol: { type: 'string', default: '1.6' },
        connectors: { type: 'string' },
        'power-kw': { type: 'string' },
        'meter-interval': { type: 'string' },
        'time-scale': { type: 'string' },
        'no-autopilot': { type: 'boolean', default: false },
        'fail-download': { type: 'string', default: '' },
        'fail-install': { type: 'string', default: '' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${HELP}`);
  }
})();

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const PROTOCOLS = ['1.6', '2.0.1', 'mixed'] as const;
const isProtocol = (value: string): value is (typeof PROTOCOLS)[number] => (PROTOCOLS as readonly string[]).includes(value);
const protocolChoice = isProtocol(values.protocol)
  ? values.protocol
  : fail(`--protocol must be one of ${PROTOCOLS.join(', ')}, not "${values.protocol}"`);

const baseUrl = values.url.replace(/\/+$/, '');
const count = Math.floor(positiveNumber('count', values.count, 3));
const timeScale = positiveNumber('time-scale', values['time-scale'], 1);

type ListedCharger = { chargerId: string; name?: string; model?: string; serialNumber?: string };

/** Signs in to the product and lists its first chargers by name. */
const discoverChargers = async (): Promise<ListedCharger[]> => {
  const httpUrl = baseUrl.replace(/^ws(s?):/, 'http$1:');
  const login = await fetch(`${httpUrl}/web/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values['password-login'], deviceId: 'simulator' }),
  }).catch((error: unknown) => fail(`cannot reach ${httpUrl} (${(error as Error).message}); is Wattdesk running? (npm start)`));
  if (!login.ok) fail(`sign-in as ${values.email} failed: HTTP ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const list = await fetch(`${httpUrl}/web/chargers?pageSize=${Math.min(count, 200)}&sort=name`, { headers: { authorization: `Bearer ${token}` } });
  if (!list.ok) fail(`listing chargers failed: HTTP ${list.status} ${await list.text()}`);
  const { items } = (await list.json()) as { items: ListedCharger[] };
  if (!items.length) fail('the product has no chargers; register some or pass --chargers');
  return items.slice(0, count);
};

const listed: ListedCharger[] = values.chargers
  ? values.chargers
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
      .map((chargerId) => ({ chargerId }))
  : await discoverChargers();

const idsOf = (list: string) => new Set(list.split(',').map((id) => id.trim()));
const failDownload = idsOf(values['fail-download']);
const failInstall = idsOf(values['fail-install']);

const specs: FleetChargerSpec[] = listed.map(({ chargerId, model, serialNumber }, index) => ({
  chargerId,
  protocol: protocolChoice === 'mixed' ? ocppVersionInMix(index) : protocolChoice,
  ...(failDownload.has(chargerId)
    ? { firmwareFailure: 'download' as const }
    : failInstall.has(chargerId)
      ? { firmwareFailure: 'install' as const }
      : {}),
  password: values.password,
  // Report the registered model and serial, so booting does not overwrite what the register holds.
  ...(model && model.length <= 20 ? { model } : {}),
  ...(serialNumber && serialNumber.length <= 25 ? { serialNumber } : {}),
}));

const log = (line: string) => console.log(line);
log(
  `Simulating ${specs.length} charger${specs.length === 1 ? '' : 's'} against ${baseUrl}: ${specs.map((s) => s.chargerId).join(', ')}` +
    (values['no-autopilot'] ? ' (no autopilot)' : ` (autopilot, time scale ${timeScale})`),
);

const fleet = startSimulatedFleet({
  url: baseUrl,
  chargers: specs,
  autopilot: values['no-autopilot'] ? false : { timeScale },
  log,
  quiet: values.quiet,
  defaults: {
    timeScale,
    connectors: Math.floor(positiveNumber('connectors', values.connectors, 1)),
    powerKw: positiveNumber('power-kw', values['power-kw'], 7.2),
    meterIntervalSeconds: positiveNumber('meter-interval', values['meter-interval'], 10),
  },
});
await fleet.ready;

let stoppingSince = 0;
const shutdown = () => {
  if (stoppingSince) {
    // npm and tsx relay the terminal's Ctrl-C, so one press can arrive two or three times in a burst.
    if (Date.now() - stoppingSince < 1500) return;
    log('Quitting now.');
    process.exit(130);
  }
  stoppingSince = Date.now();
  log('Stopping: ending sessions and disconnecting (Ctrl-C again to quit at once)…');
  fleet
    .stop()
    .then(() => process.exit(0))
    .catch((error: unknown) => fail((error as Error).message));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
