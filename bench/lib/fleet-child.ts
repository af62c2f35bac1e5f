// A fleet process (remote-fleet.ts): a BenchFleet driven over IPC by the benchmark.
import { BenchFleet } from './ocpp-fleet.ts';
import { watchLoopLag } from './loop-lag.ts';
import { BENCH_DRIVERS, benchDriverTag } from './bench-tags.ts';
import { chargerCode, HEARTBEAT_S, METER_S, OCPP_PASSWORD } from './ocpp-bench-server.ts';
import type { FleetReply, FleetRequest, FleetSetup } from './remote-fleet.ts';

const setup = JSON.parse(process.env.BENCH_FLEET ?? '{}') as FleetSetup;
const fleet = new BenchFleet({
  baseUrl: setup.baseUrl,
  chargerId: (index) => chargerCode(setup.firstIndex + index),
  idTag: (index) => benchDriverTag((setup.firstIndex + index) % BENCH_DRIVERS),
  ocppPassword: OCPP_PASSWORD,
  heartbeatSeconds: HEARTBEAT_S,
  meterSeconds: METER_S,
  rate: setup.rate,
  concurrency: setup.concurrency,
  ocpp201Share: setup.ocpp201Share,
});
const reply = (message: FleetReply): void => void process.send!(message);
let holdCpu = process.cpuUsage();
let lag = watchLoopLag();

const handle = async (request: FleetRequest): Promise<void> => {
  switch (request.type) {
    case 'ramp': {
      const seconds = await fleet.rampTo(request.target);
      return reply({ type: 'ramp', seconds, connected: fleet.connected, setupTotals: fleet.setupTotals, failures: [...fleet.setupFailures] });
    }
    case 'hold-start':
      fleet.hold.start();
      holdCpu = process.cpuUsage();
      lag = watchLoopLag();
      return reply({ type: 'ack' });
    case 'hold-stop': {
      fleet.hold.recording = false;
      const cpu = process.cpuUsage(holdCpu);
      const { latencies, latencies16, latencies201, slowAt, failures, disconnects } = fleet.hold;
      const lagP99 = lag.p99();
      return reply({
        type: 'hold',
        latencies,
        latencies16,
        latencies201,
        slowAt,
        lagP99,
        lagMax: lag.max(),
        failures,
        disconnects,
        connected: fleet.connected,
        connected201: fleet.chargers.filter((charger) => charger.connected && charger.ocppVersion === '2.0.1').length,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
    }
    case 'reconnect': {
      fleet.setupFailures.clear();
      const cpuAtStart = process.cpuUsage();
      const result = await fleet.reconnectAll(request.concurrency);
      const cpu = process.cpuUsage(cpuAtStart);
      return reply({ type: 'reconnect', ...result, failures: [...fleet.setupFailures], cpuSeconds: (cpu.user + cpu.system) / 1e6 });
    }
    case 'close':
      await fleet.close();
      process.exit(0);
  }
};

process.on('message', (request) => void handle(request as FleetRequest));
// The parent may go away without a word (Ctrl-C): the chargers go with it.
process.on('disconnect', () => void fleet.close().finally(() => process.exit(0)));
reply({ type: 'ready' });
