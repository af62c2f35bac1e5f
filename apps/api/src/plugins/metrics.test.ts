import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { demoLocationIds } from '../../test/fixtures.ts';
import { parseExposition, type Exposition } from '../../test/prometheus-text.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../test/ocpp-harness.ts';
import { authed, createTestApp, loginAs, testEngine, type TestApp } from '../../test/test-app.ts';
import { API_ROOT } from '../api-root.ts';

const TOKEN = 'metrics-token-for-the-scraper-only';

const scrape = async (t: TestApp, headers: Record<string, string> = {}): Promise<Exposition> => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
};

const LOCATION_SERIES = 'wattdesk_http_request_duration_seconds_count{method="GET",route="/web/locations/location-by-id",status_code="200"}';

describe('GET /metrics (issue 45)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is Prometheus text whose request histogram counts every call of a route under its template, never its ids', async () => {
    const { access_token: token } = await loginAs(t.app, 'SuperAdmin');
    const locations = Object.values(await demoLocationIds(t.database.db));
    expect(locations.length).toBeGreaterThan(1);
    const before = (await scrape(t)).samples.get(LOCATION_SERIES) ?? 0;
    const calls = 7;
    for (let call = 0; call < calls; call += 1) {
      const response = await t.app.inject(
        authed(token, { method: 'GET', url: `/web/locations/location-by-id?locationId=${locations[call % locations.length]}` }),
      );
      expect(response.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: `/no/such/route/${locations[0]}` });

    const after = await eventually(async () => {
      const exposition = await scrape(t);
      expect(exposition.samples.get(LOCATION_SERIES)).toBe(before + calls);
      return exposition;
    }, 2000);
    expect(after.types.get('wattdesk_http_request_duration_seconds')).toBe('histogram');
    expect(after.samples.get('wattdesk_http_request_duration_seconds_count{method="POST",route="unmatched",status_code="404"}')).toBe(1);
    const series = [...after.samples.keys()];
    expect(series.filter((name) => locations.some((id) => name.includes(id)))).toEqual([]);
    // The other families of the issue are there from the first scrape, Node's own among them.
    for (const [family, type] of <[string, string][]>[
      ['wattdesk_admission_queued', 'gauge'],
      ['wattdesk_admission_refused_total', 'counter'],
      ['wattdesk_admission_wait_seconds', 'histogram'],
      ['wattdesk_ocpp_connections', 'gauge'],
      ['wattdesk_live_subscribers', 'gauge'],
      ['wattdesk_mail_sending', 'gauge'],
      ['wattdesk_ocpi_outbox_pending', 'gauge'],
      ['wattdesk_job_runs_total', 'counter'],
      ['process_cpu_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ])
      expect([family, after.types.get(family)]).toEqual([family, type]);
    expect(after.samples.get('wattdesk_admission_refused_total')).toBe(0);
    expect(after.samples.get('wattdesk_job_runs_total{job="payouts",outcome="failure"}')).toBe(0);
  });

  it("every series the Grafana dashboard and docs/metrics.md name is one this node serves (the engine's pool series on its engine)", async () => {
    const { types } = await scrape(t);
    const docs = path.join(API_ROOT, '../../docs');
    const named = new Set<string>();
    for (const file of ['grafana-dashboard.json', 'metrics.md'])
      for (const [name] of (await readFile(path.join(docs, file), 'utf8')).matchAll(/\b(?:wattdesk|nodejs|process)_[a-z0-9_]*[a-z0-9]\b/g))
        named.add(name);
    const otherEngine = testEngine === 'postgres' ? 'wattdesk_db_pglite_' : 'wattdesk_db_pool_';
    const family = (name: string) => (types.has(name) ? name : name.replace(/_(bucket|count|sum)$/, ''));
    const missing = [...named].filter((name) => !name.startsWith(otherEngine) && !types.has(family(name)));
    expect(named.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('answers only this host while no token is set: another address, or a request a proxy forwarded, gets 403', async () => {
    const away = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(away.statusCode).toBe(403);
    expect(away.json()).toMatchObject({ responseCode: 403, msg: [expect.stringContaining('METRICS_TOKEN')] });
    expect(away.body).not.toContain('# TYPE');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const local6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local6.statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('asks every caller for the token, loopback included, and answers it from any address', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ responseCode: 401, msg: [expect.stringContaining('Bearer')] });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('# TYPE');
    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE wattdesk_http_request_duration_seconds histogram');
  });
});

describe('GET /metrics with METRICS_ENABLED=false', () => {
  it('serves no metrics', async () => {
    const t = await createTestApp({ seed: false, env: { METRICS_ENABLED: 'false' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.body).not.toContain('# TYPE');
    } finally {
      await t.close();
    }
  });
});

describe('OCPP metrics', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  const samples = async () => (await scrape(t)).samples;
  const CONNECTED_16 = 'wattdesk_ocpp_connections{ocpp_version="1.6"}';
  const BOOTS = 'wattdesk_ocpp_messages_total{ocpp_version="1.6",action="BootNotification",direction="received"}';

  it("the connections gauge follows a charger's connect and disconnect, and its messages are counted by action", async () => {
    const before = await samples();
    expect(before.get(CONNECTED_16)).toBe(0);
    expect(before.get('wattdesk_ocpp_connections{ocpp_version="2.0.1"}')).toBe(0);
    const charger = t.simulate(await t.registerCharger());
    await charger.connect();
    await eventually(async () => expect((await samples()).get(CONNECTED_16)).toBe(1));
    expect((await samples()).get(BOOTS)).toBe((before.get(BOOTS) ?? 0) + 1);
    await charger.close();
    await eventually(async () => expect((await samples()).get(CONNECTED_16)).toBe(0));
  });

  it("times our calls' round trips by action, and counts the frames turned away by reason", async () => {
    const registered = await t.registerCharger();
    const charger = t.simulate(registered);
    await charger.connect();
    const reply = await t.app.ocpp.call(registered.chargerId, null, 'Reset', { type: 'Soft' });
    expect(reply).toMatchObject({ ok: true });
    const RESETS = 'wattdesk_ocpp_call_duration_seconds_count{ocpp_version="1.6",action="Reset",outcome="result"}';
    const SENT = 'wattdesk_ocpp_messages_total{ocpp_version="1.6",action="Reset",direction="sent"}';
    await eventually(async () => expect([(await samples()).get(RESETS), (await samples()).get(SENT)]).toEqual([1, 1]));
    await charger.close();

    const malformed = 'wattdesk_ocpp_rejected_frames_total{reason="malformed"}';
    const notImplemented = 'wattdesk_ocpp_rejected_frames_total{reason="not_implemented"}';
    const before = await samples();
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ocpp/${registered.chargerId}`, ['ocpp1.6'], {
      headers: { authorization: `Basic ${Buffer.from(`${registered.chargerId}:${registered.ocppPassword}`).toString('base64')}` },
    });
    const answers: string[] = [];
    ws.on('message', (data: Buffer) => answers.push(data.toString('utf8')));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send('this is not json');
    ws.send(JSON.stringify([2, 'made-up', 'MadeUpAction', {}]));
    await eventually(() => expect(answers).toHaveLength(2));
    ws.close();
    const after = await samples();
    expect(after.get(malformed)).toBe((before.get(malformed) ?? 0) + 1);
    expect(after.get(notImplemented)).toBe((before.get(notImplemented) ?? 0) + 1);
    // The charger's own action name is no label: an unknown one is only a rejected frame.
    expect([...after.keys()].filter((series) => series.includes('MadeUpAction'))).toEqual([]);
  });
});
