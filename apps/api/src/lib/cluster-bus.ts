import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';

/** An OCPP call for a charger held by another node, and that node's answer. */
export type CommandRequest = { requestId: string; chargerCode: string; method: string; params: Record<string, unknown>; replyTo: string };
export type CommandReply = { requestId: string; ok: true; result: unknown } | { requestId: string; ok: false; code: string; message: string };

export type CommandHandler = (request: CommandRequest) => Promise<CommandReply>;

/**
 * What API nodes share: live events go to every node (each serves its own browsers), commands go to
 * the node holding the charger's WebSocket. Without Redis there is one node and this is in-process.
 */
export interface ClusterBus {
  readonly nodeId: string;
  readonly clustered: boolean;
  publishLive(event: LiveEvent): void;
  onLive(listener: (event: LiveEvent) => void): () => void;
  /** Listeners of live events on this node: the live feeds it serves (metrics). */
  liveSubscribers(): number;
  sendCommand(nodeId: string, request: Omit<CommandRequest, 'replyTo' | 'requestId'>, timeoutMs: number): Promise<CommandReply>;
  handleCommands(handler: CommandHandler): void;
  close(): Promise<void>;
}

const LIVE_CHANNEL = 'wattdesk:live';
const commandChannel = (nodeId: string) => `wattdesk:ocpp:command:${nodeId}`;
const replyChannel = (nodeId: string) => `wattdesk:ocpp:reply:${nodeId}`;

export class CommandTimeoutError extends Error {}
export class NodeUnreachableError extends Error {}

export const createLocalBus = (): ClusterBus => {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    nodeId: randomUUID(),
    clustered: false,
    publishLive: (event) => void events.emit('live', event),
    onLive: (listener) => {
      events.on('live', listener);
      return () => void events.off('live', listener);
    },
    liveSubscribers: () => events.listenerCount('live'),
    sendCommand: () => Promise.reject(new NodeUnreachableError('No other node can be reached without Redis')),
    handleCommands: () => undefined,
    close: async () => undefined,
  };
};

export const createRedisBus = async (redisUrl: string, log: FastifyBaseLogger): Promise<ClusterBus> => {
  const nodeId = randomUUID();
  // Imported here: a single node, the default, never needs the client.
  const { Redis } = await import('ioredis');
  // A subscribed connection cannot publish, so each node keeps two.
  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  for (const connection of [publisher, subscriber])
    connection.on('error', (error: Error) => log.warn({ err: error.message }, 'Redis connection error'));
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const local = new EventEmitter();
  local.setMaxListeners(0);
  const pending = new Map<string, { resolve: (reply: CommandReply) => void; timer: NodeJS.Timeout }>();
  let commandHandler: CommandHandler | undefined;

  subscriber.on('message', (channel: string, message: string) => {
    try {
      if (channel === LIVE_CHANNEL) {
        local.emit('live', JSON.parse(message) as LiveEvent);
      } else if (channel === replyChannel(nodeId)) {
        const reply = JSON.parse(message) as CommandReply;
        const waiting = pending.get(reply.requestId);
        if (!waiting) return;
        clearTimeout(waiting.timer);
        pending.delete(reply.requestId);
        waiting.resolve(reply);
      } else if (channel === commandChannel(nodeId) && commandHandler) {
        const request = JSON.parse(message) as CommandRequest;
        void commandHandler(request).then((reply) => publisher.publish(replyChannel(request.replyTo), JSON.stringify(reply)));
      }
    } catch (error) {
      log.warn({ err: (error as Error).message, channel }, 'Unreadable cluster message ignored');
    }
  });
  await subscriber.subscribe(LIVE_CHANNEL, replyChannel(nodeId), commandChannel(nodeId));

  return {
    nodeId,
    clustered: true,
    publishLive: (event) =>
      void publisher
        .publish(LIVE_CHANNEL, JSON.stringify(event))
        .catch((error: Error) => log.warn({ err: error.message }, 'Live event not published')),
    onLive: (listener) => {
      local.on('live', listener);
      return () => void local.off('live', listener);
    },
    liveSubscribers: () => local.listenerCount('live'),
    sendCommand: async (targetNode, request, timeoutMs) => {
      const requestId = randomUUID();
      const reply = new Promise<CommandReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          reject(new CommandTimeoutError('The node holding the charger did not answer'));
        }, timeoutMs);
        pending.set(requestId, { resolve, timer });
      });
      const receivers = await publisher.publish(commandChannel(targetNode), JSON.stringify({ ...request, requestId, replyTo: nodeId }));
      if (receivers === 0) {
        const waiting = pending.get(requestId);
        if (waiting) clearTimeout(waiting.timer);
        pending.delete(requestId);
        throw new NodeUnreachableError('The node that held the charger is gone');
      }
      return reply;
    },
    handleCommands: (handler) => {
      commandHandler = handler;
    },
    close: async () => {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
};
