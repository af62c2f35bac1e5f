import type { PausableReader } from './ocpp-guard.ts';

/** The connection object ocpp-rpc hands us; its typings are narrower than what it does. */
export type RpcClient = {
  identity: string;
  session: Record<string, unknown>;
  handle: (method: string, handler: (call: { params?: Record<string, unknown> }) => Promise<unknown>) => void;
  call: (method: string, params: Record<string, unknown>, options?: { callTimeoutMs?: number }) => Promise<unknown>;
  close: (options?: { code?: number; reason?: string; force?: boolean }) => Promise<unknown>;
  sendRaw: (frame: string) => void;
  /** ocpp-rpc's WebSocket for the connection (not in its typings); paused by the message budget. */
  _ws: PausableReader;
  on(event: 'close', listener: () => void): void;
  on(event: 'message', listener: (message: { outbound: boolean }) => void): void;
};
