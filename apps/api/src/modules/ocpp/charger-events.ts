import type { ChargerEventKind } from '@wattdesk/shared';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import type { ChargerContext } from './ocpp-context.ts';

/** A charger event on this node: reason is connected, disconnected, boot, status, session-started, session-stopped, meter-values. */
export type ChargerListener = (charger: { id: string; chargerCode: string; locationId: string }, reason: string) => void;

export type ReservationListener = (chargerId: string, reservationId: number, status: 'Expired' | 'Removed') => void;

type LogEvent = (chargerCode: string, chargerId: string | null, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => void;

/**
 * Who hears what chargers do: the live feed (every node, through the bus), other modules on this node (dynamic
 * power re-shares on session starts and reconnects, firmware campaigns follow their chargers' FirmwareStatusNotifications),
 * notifications of faults, and the charger log.
 */
export const createChargerEvents = ({
  bus,
  now,
  logEvent,
  onFault,
}: {
  bus: ClusterBus;
  now: () => Date;
  logEvent: LogEvent;
  onFault: ((chargerId: string, summary: string) => void) | undefined;
}) => {
  const listeners: ChargerListener[] = [];
  const firmwareListeners: ((chargerId: string, status: string) => void)[] = [];
  const reservationListeners: ReservationListener[] = [];

  const publish = (charger: Pick<ChargerContext, 'id' | 'chargerCode' | 'locationId'>, reason: string) => {
    bus.publishLive({ id: charger.id, chargerId: charger.chargerCode, locationId: charger.locationId, reason, at: now().toISOString() });
    for (const listener of listeners) listener({ id: charger.id, chargerCode: charger.chargerCode, locationId: charger.locationId }, reason);
  };

  /** A message handler's event: into the charger log, and to whoever follows its kind. */
  const event = (context: ChargerContext, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) => {
    logEvent(context.chargerCode, context.id, kind, summary, detail);
    if (kind === 'fault') onFault?.(context.id, summary);
    if (kind === 'firmware' && typeof detail?.status === 'string') for (const listener of firmwareListeners) listener(context.id, detail.status);
  };

  return {
    publish,
    event,
    onChargerEvent: (listener: ChargerListener) => void listeners.push(listener),
    onFirmwareStatus: (listener: (chargerId: string, status: string) => void) => void firmwareListeners.push(listener),
    /** A 2.0.1 charger no longer holds a reservation (ReservationStatusUpdate). */
    reservationEnded: (context: ChargerContext, reservationId: number, status: 'Expired' | 'Removed') => {
      for (const listener of reservationListeners) listener(context.id, reservationId, status);
    },
    onReservationEnded: (listener: ReservationListener) => void reservationListeners.push(listener),
  };
};
