import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { ProbeReply, ProbeRequest, ProbeSetup } from './authorize-probe.ts';
import { randomBenchTag } from './bench-tags.ts';
import { LeanCharger } from './lean-charger.ts';
import { watchLoopLag } from './loop-lag.ts';

/**
 * The Authorize probe's own thread (see authorize-probe.ts): a few idle chargers that send Authorize at a steady
 * rate and time the answers, on an event loop that has nothing else to do.
 */
const setup = workerData as ProbeSetup;
const port = parentPort!;
const reply = (message: ProbeReply) => port.postMessage(message);

let recording: { latencies: number[]; statuses: Record<string, number>; failures: number } | undefined;
const chargers = setup.chargerIds.map(
  (chargerId) =>
    new LeanCharger({
      baseUrl: setup.baseUrl,
      chargerId,
      password: setup.password,
      heartbeatSeconds: 30,
      meterSeconds: 0,
      callTimeoutMs: 30_000,
      onCall: (method, durationMs, ok) => {
        if (!recording || method !== 'Authorize') return;
        if (ok) recording.latencies.push(durationMs);
        else recording.failures += 1;
      },
    }),
);

const probe = async (ms: number, perSecond: number) => {
  recording = { latencies: [], statuses: {}, failures: 0 };
  const record = recording;
  const lag = watchLoopLag();
  const connected = chargers.filter((charger) => charger.connected);
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let sent = 0; connected.length && performance.now() < started + ms; sent += 1) {
    const wait = started + (sent * 1000) / perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    const charger = connected[sent % connected.length]!;
    pending.push(
      charger.authorize(randomBenchTag()).then(
        ({ idTagInfo }) => {
          record.statuses[idTagInfo.status] = (record.statuses[idTagInfo.status] ?? 0) + 1;
        },
        () => undefined,
      ),
    );
  }
  await Promise.all(pending);
  recording = undefined;
  reply({ type: 'result', ...record, lagP99: lag.p99() });
};

port.on('message', (message: ProbeRequest) => {
  if (message.type === 'probe') void probe(message.ms, message.perSecond);
  else
    void Promise.allSettled(chargers.map((charger) => charger.close())).then(() => {
      reply({ type: 'closed' });
      port.close();
    });
});

const results = await Promise.allSettled(chargers.map((charger) => charger.connect()));
reply({
  type: 'ready',
  connected: chargers.filter((charger) => charger.connected).length,
  failures: results.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error)?.message ?? result.reason)] : [])),
});
