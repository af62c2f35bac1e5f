import { randomUUID } from 'node:crypto';
import { createRPCError, type RPCClient, type RPCError } from 'ocpp-rpc';

/** The part of the charger's client (link.ts) a raw call uses. */
type RawClient = Pick<RPCClient, 'on' | 'off' | 'sendRaw'>;

const rpcError = (code: string, message: string, details: unknown): RPCError => {
  const error = createRPCError(code, message, details ?? {}) as unknown as RPCError;
  // Codes ocpp-rpc has no class for keep their name.
  if (error.rpcErrorCode !== code) Object.assign(error, { rpcErrorCode: code });
  return error;
};

/**
 * Sends `[2, id, method, params]` on the client's socket, bypassing its validation, and waits for the frame
 * that answers it: resolves with a CALLRESULT's payload, rejects with an RPCError carrying a CALLERROR's code.
 */
export const sendUnchecked = (client: RawClient, method: string, params: unknown, timeoutMs: number): Promise<unknown> => {
  const messageId = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (event: { message: string; outbound: boolean }) => {
      if (event.outbound) return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.message);
      } catch {
        return;
      }
      if (!Array.isArray(frame) || frame[1] !== messageId) return;
      cleanup();
      if (frame[0] === 3) resolve(frame[2]);
      else if (frame[0] === 4) reject(rpcError(String(frame[2]), String(frame[3] ?? ''), frame[4]));
    };
    const onDisconnect = () => {
      cleanup();
      reject(new Error(`${method}: disconnected before an answer`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      client.off('message', onMessage);
      client.off('disconnect', onDisconnect);
    };
    client.on('message', onMessage);
    client.on('disconnect', onDisconnect);
    try {
      client.sendRaw(JSON.stringify([2, messageId, method, params]));
    } catch (error) {
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
};
