import { OCPP_PATH, OCPP_SUBPROTOCOL_OF_VERSION, OCPP_VERSIONS, type OcppVersion } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { generateChargerPassword, hashChargerPassword, verifyChargerPassword } from '../../lib/charger-password.ts';
import { createBatchedLookup } from '../../lib/group-commit.ts';
import { createVerifiedCredentials } from '../../lib/verified-credentials.ts';
import { createHandshakeThrottle, createRefusalSampler, type OcppLimits } from './ocpp-guard.ts';
import type { AcceptHandshake, OcppHandshake, RefuseHandshake } from '../../lib/ocpp-j/ocpp-json-rpc.ts';
import * as repo from './ocpp.repository.ts';

/** What an accepted handshake hands to the connection: the charger, and the OCPP version its subprotocol names. */
export type HandshakeSession = (Omit<repo.ChargerAuthRow, 'ocppPasswordHash'> & { version: OcppVersion }) | { wrongSubprotocol: true };

/** The subprotocols we speak, the highest version first: a charger offering several gets the highest (issue 41). */
export const OCPP_PROTOCOLS: readonly string[] = [...OCPP_VERSIONS].reverse().map((version) => OCPP_SUBPROTOCOL_OF_VERSION[version]);

/** The highest version the charger offers, or undefined when it offers none we speak. */
const chosenVersion = (offered: ReadonlySet<string>): OcppVersion | undefined =>
  [...OCPP_VERSIONS].reverse().find((version) => offered.has(OCPP_SUBPROTOCOL_OF_VERSION[version]));

/** One answer for an unknown id, no password and a wrong password: no probing for registered ids. */
const UNAUTHORIZED = 'Unauthorized';

/** A charger's refusals of the same kind are written to its log at most once a minute. */
const REFUSAL_RECORD_INTERVAL_MS = 60_000;

/**
 * Who may open an OCPP connection: HTTP Basic per charger (security profile 1), the same for 1.6 and 2.0.1. Refusals cost as little as
 * possible: a charger id (or an address) with too many failures is turned away before any look-up, and refusals
 * that name no registered charger are counted and sampled in the log rather than written to the database.
 */
export const createHandshake = ({
  db,
  log,
  limits,
  recordRefusal,
}: {
  db: Database;
  log: FastifyBaseLogger;
  limits: OcppLimits;
  recordRefusal: (chargerCode: string, chargerId: string, reason: string, remoteAddress: string) => void;
}) => {
  const throttle = createHandshakeThrottle(limits.handshakeFailuresPerMinute);
  /**
   * An unknown id, or a charger without a password, has its presented password checked against this hash of a
   * random password nobody knows, the same way a registered one is: the refusal then takes as long, and its timing
   * tells no prober which ids are registered (issue 39). Made once, at start.
   */
  const decoyHash = hashChargerPassword(generateChargerPassword());
  const unauthenticated = createRefusalSampler(log);
  const lastRecorded = new Map<string, number>();
  // argon2 once per charger and password; a reconnect is one HMAC (decision 012).
  const credentials = createVerifiedCredentials(verifyChargerPassword);
  // The handshakes that arrive while a look-up runs are looked up together by the next one.
  const lookups = createBatchedLookup((chargerCodes: string[]) => repo.findChargersByCodes(db, chargerCodes));

  const recordSparingly = (chargerCode: string, chargerId: string, reason: string, remote: string) => {
    const key = `${chargerId} ${reason}`;
    const now = Date.now();
    if (now - (lastRecorded.get(key) ?? 0) < REFUSAL_RECORD_INTERVAL_MS) return;
    if (lastRecorded.size > 10_000) lastRecorded.clear();
    lastRecorded.set(key, now);
    recordRefusal(chargerCode, chargerId, reason, remote);
  };

  const authenticate = (handshake: OcppHandshake, accept: AcceptHandshake<HandshakeSession>, reject: RefuseHandshake) => {
    const chargerCode = handshake.identity;
    const remote = handshake.remoteAddress ?? 'unknown';
    if (throttle.blocked(remote, chargerCode)) {
      unauthenticated.refused(chargerCode, 'too many failed handshakes');
      return reject(429, 'Too many failed handshakes for this charger from this address; try again in a minute');
    }
    const refuseUnknown = (status: number, reason: string) => {
      throttle.failed(remote, chargerCode);
      unauthenticated.refused(chargerCode, reason);
      reject(status, status === 401 ? UNAUTHORIZED : reason);
    };
    const refuse = (reason: string, chargerId: string) => {
      throttle.failed(remote, chargerCode);
      log.warn({ chargerCode, remote, reason }, 'Charger refused');
      recordSparingly(chargerCode, chargerId, reason, remote);
      reject(401, UNAUTHORIZED);
    };
    if (handshake.endpoint !== OCPP_PATH) return refuseUnknown(404, 'unknown endpoint');
    const version = chosenVersion(handshake.protocols);
    if (!version) {
      // OCPP-J 1.6 §3.1.2: complete the handshake without a subprotocol, then close at once (the connection does).
      throttle.failed(remote, chargerCode);
      unauthenticated.refused(chargerCode, 'no ocpp1.6 or ocpp2.0.1 subprotocol');
      return accept({ wrongSubprotocol: true }, false);
    }
    void (async () => {
      const charger = await lookups.get(chargerCode);
      const presented = handshake.password?.toString('utf8') ?? '';
      const verified = await credentials.verify(chargerCode, charger?.ocppPasswordHash || (await decoyHash), presented);
      if (!charger) return refuseUnknown(401, 'unknown charger');
      if (!charger.ocppPasswordHash || !handshake.password) return refuse('no password', charger.id);
      if (!verified) return refuse('wrong password', charger.id);
      const { ocppPasswordHash: _verified, ...session } = charger;
      accept({ ...session, version }, OCPP_SUBPROTOCOL_OF_VERSION[version]);
    })().catch((error: Error) => {
      log.error({ err: error, chargerCode }, 'Charger authentication failed');
      reject(500, 'authentication unavailable');
    });
  };

  return { authenticate, refusals: () => unauthenticated.stats(), credentials: () => credentials.stats(), close: () => unauthenticated.close() };
};
