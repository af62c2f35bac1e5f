import {
  AppError,
  OCPI_STATUS,
  ocpiCommandBodySchemas,
  type OcpiCommandResponse,
  type OcpiCommandResultType,
  type OcpiCommandType,
  type OcpiStatusCode,
} from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import type { Actor } from '../../../lib/audit.ts';
import type { BackgroundTasks } from '../../../lib/background.ts';
import { createPeriodicPass } from '../../../lib/periodic-pass.ts';
import type { RemoteActionsService } from '../../remote-actions/remote-actions.service.ts';
import type { RoamingReservations } from '../../schedule/schedule.service.ts';
import { enqueueForPartner } from '../outbox/outbox.repository.ts';
import { ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import type { OcpiCaller } from '../partners.repository.ts';
import {
  isRefusal,
  planCancel,
  planReserve,
  planStart,
  planStop,
  planUnlock,
  RESULT_OF_STATUS,
  resultOfFailure,
  type Plan,
  type Refusal,
  type Senders,
} from './command-plans.ts';
import * as repo from './commands.repository.ts';

export type OcpiCommandsDeps = {
  db: Database;
  remoteActions: Pick<RemoteActionsService, 'runFor'>;
  reservations: RoamingReservations;
  background: Pick<BackgroundTasks, 'run'>;
  /** How long one OCPP call waits for the charger's answer (config.ocppCallTimeoutMs). */
  callTimeoutMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** A body as its schema reads it; anything else is 2001 (never a 5xx). */
const read = <S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> => {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw ocpiErrors.invalid(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
};

/** Beyond the charger's own call timeout: the answer's trip back through the cluster and its write. */
const MARGIN_SECONDS = 5;

/**
 * OCPI commands (we are the RECEIVER, issue 42): the partner gets an immediate CommandResponse; an accepted command
 * is recorded in ocpi_commands and sent to the charger in the background, and its CommandResult — the charger's
 * answer, or TIMEOUT when none came by the deadline — is queued to the partner's response_url in the transaction
 * that closes the command. A restart loses the call, not the command: the sweep closes it with TIMEOUT.
 */
export const createOcpiCommandsService = ({ db, remoteActions, reservations, background, callTimeoutMs, now, log }: OcpiCommandsDeps) => {
  const timeout = Math.ceil(callTimeoutMs / 1000) + MARGIN_SECONDS;

  const queueResult = (tx: Executor, closed: repo.ClosedCommand, result: OcpiCommandResultType) =>
    enqueueForPartner(tx, closed.partnerId, { module: 'commands', objectKey: closed.id, method: 'POST', url: closed.responseUrl, body: { result } });

  /** Closes a command with its result and queues the CommandResult, unless the sweep closed it first. */
  const finish = (id: string, result: OcpiCommandResultType) =>
    db.transaction(async (tx) => {
      const closed = await repo.closeCommand(tx, id, result);
      if (closed) await queueResult(tx, closed, result);
      return Boolean(closed);
    });

  const sweep = createPeriodicPass(
    async () => {
      await db.transaction(async (tx) => {
        for (const closed of await repo.closeOverdue(tx, now())) await queueResult(tx, closed, 'TIMEOUT');
      });
    },
    log,
    'OCPI command sweep failed',
  );

  const sendersFor = (caller: OcpiCaller): Senders => {
    const actor: Actor = { userId: null, email: `ocpi:${caller.name}`, userType: null, ip: '' };
    const who = `roaming partner ${caller.name}`;
    const fromReply = (method: string, reply: Awaited<ReturnType<RoamingReservations['reserve']>>) =>
      'status' in reply ? (RESULT_OF_STATUS[method]![reply.status] ?? 'FAILED') : resultOfFailure(reply.failure);
    return {
      remote: async (chargerId, method, params, label) => {
        try {
          const answer = await remoteActions.runFor(actor, chargerId, { method, params, label: `${label} (OCPI)`, action: `ocpi.${method}` });
          return RESULT_OF_STATUS[method]![String(answer.status)] ?? 'FAILED';
        } catch (error) {
          if (error instanceof AppError) return resultOfFailure(error.code);
          throw error;
        }
      },
      reserve: async (chargerId, params) => fromReply('ReserveNow', await reservations.reserve(chargerId, params, who)),
      cancel: async (chargerId, reservationId) => fromReply('CancelReservation', await reservations.cancel(chargerId, reservationId, who)),
      nextReservationId: reservations.nextReservationId,
    };
  };

  /** What to do with a command whose body passed its schema. */
  const planOf = (caller: OcpiCaller, command: OcpiCommandType, raw: unknown): Promise<Plan | Refusal> => {
    const senders = sendersFor(caller);
    const s = ocpiCommandBodySchemas;
    switch (command) {
      case 'START_SESSION':
        return planStart(db, senders, read(s.START_SESSION, raw));
      case 'STOP_SESSION':
        return planStop(db, senders, caller.id, read(s.STOP_SESSION, raw));
      case 'UNLOCK_CONNECTOR':
        return planUnlock(db, senders, read(s.UNLOCK_CONNECTOR, raw));
      case 'RESERVE_NOW':
        return planReserve(db, senders, caller.id, read(s.RESERVE_NOW, raw));
      case 'CANCEL_RESERVATION':
        return planCancel(db, senders, caller.id, read(s.CANCEL_RESERVATION, raw));
    }
  };

  /** The immediate CommandResponse; an accepted command goes on to the charger in the background. */
  const accept = async (
    caller: OcpiCaller,
    command: OcpiCommandType,
    raw: unknown,
  ): Promise<{ response: OcpiCommandResponse; statusCode: OcpiStatusCode }> => {
    const request = read(ocpiCommandBodySchemas[command], raw) as Record<string, unknown> & { response_url: string };
    const plan = await planOf(caller, command, request);
    if (isRefusal(plan)) return { response: { ...plan.refusal, timeout }, statusCode: plan.statusCode };
    const id = await repo.insertCommand(db, {
      partnerId: caller.id,
      command,
      chargerId: plan.chargerId,
      responseUrl: request.response_url,
      request,
      ...(plan.ocppReservationId === undefined ? {} : { ocppReservationId: plan.ocppReservationId }),
      deadlineAt: new Date(now().getTime() + timeout * 1000),
    });
    background.run(`ocpi.commands.${command}`, async () => {
      let result: OcpiCommandResultType;
      try {
        result = await plan.send();
      } catch (error) {
        log.warn({ err: error, command, id }, 'OCPI command not sent');
        result = 'FAILED';
      }
      await finish(id, result);
    });
    return { response: { result: 'ACCEPTED', timeout }, statusCode: OCPI_STATUS.SUCCESS };
  };

  return {
    accept,
    /**
     * Whether a charger presenting this idTag is starting a partner's START_SESSION (2.2.1: the eMSP authorized the
     * token; the CPO does not check it again): the charger's Authorize / StartTransaction of it is accepted.
     */
    commandedStart: (chargerId: string, idTag: string) => repo.hasCommandedStart(db, chargerId, idTag),
    timeoutSeconds: timeout,
    /** Closes open commands past their deadline with TIMEOUT: at start (a restart lost their calls) and periodically. */
    sweep: sweep.tick,
    startSweep: (intervalMs: number) => {
      sweep.kick();
      return sweep.start(intervalMs);
    },
    observeSweep: sweep.observe,
  };
};

export type OcpiCommandsService = ReturnType<typeof createOcpiCommandsService>;
