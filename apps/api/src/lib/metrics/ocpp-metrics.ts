import { OCPP_VERSIONS, type OcppVersion } from '@wattdesk/shared';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CallOutcome, OcppTraffic, RejectedFrame } from '../ocpp-j/ocpp-connection.ts';

/** A charger answers in tens of milliseconds on a good link, seconds on a bad one; the call timeout is 15 s. */
const ROUND_TRIP_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Children by a plain string key: thousands of chargers' messages must not each hash a label object. */
const childrenOf = <T>(make: (key: string) => T) => {
  const children = new Map<string, T>();
  return (key: string) => {
    let child = children.get(key);
    if (!child) {
      child = make(key);
      children.set(key, child);
    }
    return child;
  };
};

/** The OCPP endpoint's traffic (told by the connections) and its connections (read when scraped). */
export const createOcppMetrics = (registry: Registry) => {
  const registers = [registry];
  const messages = new Counter<'ocpp_version' | 'action' | 'direction'>({
    name: 'wattdesk_ocpp_messages_total',
    help: 'OCPP calls by action: received (a charger called us) and sent (we called a charger)',
    labelNames: ['ocpp_version', 'action', 'direction'],
    registers,
  });
  const roundTrips = new Histogram<'ocpp_version' | 'action' | 'outcome'>({
    name: 'wattdesk_ocpp_call_duration_seconds',
    help: 'Round trip of our calls to chargers, by action and outcome (result, error, timeout, disconnected)',
    labelNames: ['ocpp_version', 'action', 'outcome'],
    buckets: ROUND_TRIP_BUCKETS,
    registers,
  });
  const rejected = new Counter<'reason'>({
    name: 'wattdesk_ocpp_rejected_frames_total',
    help: 'Frames from chargers turned away before a handler saw them, by reason',
    labelNames: ['reason'],
    registers,
  });
  let connected: (() => ReadonlyMap<OcppVersion, number>) | undefined;
  new Gauge<'ocpp_version'>({
    name: 'wattdesk_ocpp_connections',
    help: 'Chargers connected to this node, by OCPP version',
    labelNames: ['ocpp_version'],
    registers,
    collect() {
      const counts = connected?.();
      for (const version of OCPP_VERSIONS) this.set({ ocpp_version: version }, counts?.get(version) ?? 0);
    },
  });

  const message = childrenOf((key) => {
    const [ocpp_version = '', direction = '', action = ''] = key.split(' ');
    return messages.labels({ ocpp_version, action, direction });
  });
  const roundTrip = childrenOf((key) => {
    const [ocpp_version = '', outcome = '', action = ''] = key.split(' ');
    return roundTrips.labels({ ocpp_version, action, outcome });
  });
  const rejection = childrenOf((reason: string) => rejected.labels({ reason }));

  const traffic: OcppTraffic = {
    received: (version, action) => message(`${version} received ${action}`).inc(),
    sent: (version, action) => message(`${version} sent ${action}`).inc(),
    settled: (version, action, seconds, outcome: CallOutcome) => roundTrip(`${version} ${outcome} ${action}`).observe(seconds),
    rejected: (reason: RejectedFrame) => rejection(reason).inc(),
  };

  return {
    traffic,
    /** Where the connections gauge reads its counts: the OCPP server, created after the metrics. */
    watchConnections: (source: () => ReadonlyMap<OcppVersion, number>) => {
      connected = source;
    },
  };
};
