import type { ChargerEventKind, ConnectorStatus, OcppVersion } from '@wattdesk/shared';
import type { AuthorizationStatus } from '@wattdesk/shared/ocpp/ocpp16';
import type { NotifyReportRequest } from '@wattdesk/shared/ocpp/ocpp201';
import type { Executor } from '../../db/client.ts';
import type { SessionPricing } from '../tariffs/session-pricing.service.ts';
import type * as repo from './ocpp.repository.ts';
import type { RoamingAuthorization } from '../../lib/roaming-authorization.ts';

/*
 * What the message handlers (ocpp-messages.ts) and the parts beside them (charger-sessions.ts, charger-connections.ts,
 * ...) share: a connected charger, and what they ask of other modules. Apart, so none of them imports another's types.
 */

/** What the OCPP handlers ask of the tariffs module, inside their own transactions. */
export type OcppPricing = Pick<SessionPricing, 'versionIdAt' | 'priceStoppedSession'>;

/**
 * Who follows sessions past pricing (OCPI roaming): told in the stop's transaction, after the price is stored, and
 * after each telemetry flush which sessions got meter values. Each must be cheap for a session that is not theirs,
 * and `stopped` must never fail the stop: it guards its own writes with a savepoint.
 */
export type SessionObserver = {
  /** In the start's transaction, once any roaming link of the session is written. */
  started: (tx: Executor, sessionId: string) => Promise<void>;
  stopped: (tx: Executor, sessionId: string) => Promise<void>;
  metered: (sessionIds: readonly string[]) => void;
};

/** A connected charger as the message handlers see it. */
export type ChargerContext = {
  id: string;
  chargerCode: string;
  locationId: string;
  /** The OCPP version of this connection (its subprotocol): which handlers answer it. */
  ocppVersion: OcppVersion;
  /** A BootNotification was accepted, on this connection or an earlier one. */
  booted: boolean;
  /**
   * What the register held of its boots when the connection opened, until the first boot on it: a charger back from
   * a network blip boots as before, and its boot then writes nothing (a reconnecting fleet is thousands at once).
   */
  identity?: repo.BootIdentity | null;
  /** Transaction ids of this connection's sessions, so meter values skip a lookup. */
  sessions: Map<number, string>;
  /**
   * A 2.0.1 charger's own (string) transaction ids of this connection's sessions → our integer transaction id, by
   * which every other map here is keyed (a 1.6 connection leaves it empty).
   */
  chargerTransactions: Map<string, { transactionId: number; connectorId: number }>;
  /**
   * A 2.0.1 connection's connector statuses as it last stored them, by connector (EVSE) id: a TransactionEvent's
   * charging state that says the same writes nothing (ocpp201/connector-statuses.ts). A 1.6 connection leaves it empty.
   */
  connectorStatuses: Map<number, ConnectorStatus>;
  /** Running sessions whose driver has a kWh limit, by transaction id. */
  limits: Map<number, EnergyLimit>;
  /** Transactions this connection sent meter values for that match no session (recorded once each). */
  unknownTransactions: Set<number | string>;
  /** ChangeAvailability calls sent on this connection: an operator's command overrides what a reconnect re-applies. */
  availabilityCalls: number;
};

type EnergyLimit = { meterStartWh: number; limitWh: number; stopRequested: boolean };

/** OCPP 1.6 AuthorizationStatus, as the drivers module decides it. */
export type IdTagStatus = AuthorizationStatus;

/**
 * Who may charge: the drivers module answers for each idTag a charger presents (docs/charger-network.md), and
 * for a tag none of our drivers has, a roaming partner's token (OCPI).
 */
export type IdTagAuthority = {
  authorize: (
    idTag: string,
    place: { chargerId: string; locationId: string },
  ) => Promise<{
    status: IdTagStatus;
    reason: string;
    driverId: string | null;
    energyLimitWh: number | null;
    parentIdTag: string | null;
    roaming?: RoamingAuthorization;
  }>;
  energyLimitWh: (driverId: string) => Promise<number | null>;
  /** A session started (or got its tag) for a roaming driver: recorded in the caller's transaction when it has one. */
  roamingSessionStarted?: (executor: Executor, sessionId: string, roaming: RoamingAuthorization) => Promise<void>;
};

export type MessageEffects = {
  /** The charger's live state changed. */
  changed: (charger: ChargerContext, reason: string) => void;
  /** After an accepted boot: re-apply what the network wants (maintenance) to a charger that restarted. */
  booted: (charger: ChargerContext) => void;
  event: (charger: ChargerContext, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => void;
  /** A session reached its driver's kWh limit: ask the charger to stop it. */
  limitReached: (charger: ChargerContext, transactionId: number, limitWh: number) => void;
  /** A 2.0.1 charger's NotifyReport (its device model, a part of a GetBaseReport's answer): stored by whoever keeps device models. */
  onReport: (charger: ChargerContext, request: NotifyReportRequest) => void;
  /** A 2.0.1 charger dropped a reservation (Expired or Removed): the schedule module forgets it was reserved. */
  reservationEnded: (charger: ChargerContext, reservationId: number, status: 'Expired' | 'Removed') => void;
};
