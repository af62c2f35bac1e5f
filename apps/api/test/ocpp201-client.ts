import type { Ocpp201Action, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { RPCClient } from 'ocpp-rpc';
import { expect } from 'vitest';
import { eventually, type OcppTestApp } from './ocpp-harness.ts';

type Received = { method: string; params: Record<string, unknown> };

/** A registered charger speaking OCPP 2.0.1 through ocpp-rpc's client in strict mode, booted and connected. */
export type Charger201 = {
  registered: { id: string; chargerId: string; ocppPassword: string };
  client: RPCClient;
  /** Every call the server made to it, in order. */
  received: Received[];
  /** What the client answers each call with, by action (Accepted unless set). */
  answers: Map<string, Record<string, unknown>>;
  call: <A extends Ocpp201Action>(action: A, payload: Ocpp201Request<A>) => Promise<Ocpp201Response<A>>;
  callsOf: (method: string) => Record<string, unknown>[];
};

/**
 * Registers a charger through the API and connects it as an independent 2.0.1 implementation: strict mode refuses
 * any call from us that breaks the official schemas. The caller closes `client`.
 */
export const connect201 = async (
  t: OcppTestApp,
  locationKey: string,
  station: { model: string; firmwareVersion?: string } = { model: 'Strict-201' },
): Promise<Charger201> => {
  const registered = await t.registerCharger(locationKey);
  const client = new RPCClient({
    endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
    identity: registered.chargerId,
    password: registered.ocppPassword,
    protocols: ['ocpp2.0.1'],
    strictMode: true,
    reconnect: false,
  } as never);
  const received: Received[] = [];
  const answers = new Map<string, Record<string, unknown>>();
  client.handle(async ({ method = '', params }) => {
    received.push({ method, params: params as Record<string, unknown> });
    return answers.get(method) ?? { status: 'Accepted' };
  });
  await client.connect();
  const call: Charger201['call'] = (action, payload) => client.call(action, payload) as Promise<never>;
  await call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'ocpp-rpc', ...station } });
  await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ ocppVersion: '2.0.1', connected: true }));
  const callsOf = (method: string) => received.filter((one) => one.method === method).map((one) => one.params);
  return { registered, client, received, answers, call, callsOf };
};
