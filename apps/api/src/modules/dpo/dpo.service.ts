import {
  AppError,
  DEFAULT_MIN_SESSION_KW,
  type ChargerPriority,
  type DpoOverview,
  type MeshResponse,
  type UpdateDpoBody,
  type UpdateGridBody,
  type UpdateMeshBody,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { gridCapacityW, limitAt, localHour } from './allocation.ts';
import * as repo from './dpo.repository.ts';
import { meshNodes } from './mesh.ts';
import type { PowerEngine } from './power-engine.ts';
import type { BillingService } from '../billing/billing.service.ts';

const toW = (kw: number) => Math.round(kw * 1000);
const toKw = (w: number) => Math.round(w / 100) / 10;
const ok = (msg: string) => ({ responseCode: 200, msg: [msg] });

type Settings = repo.PowerSettingsRow | null | undefined;

const settingsView = (settings: Settings) => ({
  enabled: settings?.enabled ?? false,
  limitMode: settings?.limitMode ?? 'fixed',
  limitKw: toKw(settings?.limitW ?? 0),
  periods: (settings?.periods ?? []).map((period) => ({ startHour: period.startHour, endHour: period.endHour, limitKw: toKw(period.limitW) })),
  minPerSessionKw: settings ? toKw(settings.minPerSessionW) : DEFAULT_MIN_SESSION_KW,
});

const gridView = (settings: Settings) =>
  settings?.supplyUnit && settings.supplyCapacity !== null && settings.phases !== null && settings.voltage !== null
    ? {
        supplyUnit: settings.supplyUnit,
        supplyCapacity: settings.supplyUnit === 'kW' ? toKw(settings.supplyCapacity) : settings.supplyCapacity / 10,
        phases: settings.phases === 1 ? (1 as const) : (3 as const),
        voltage: settings.voltage,
      }
    : null;

/** Dynamic power of a location (menu dpo): its grid connection, limit, each charger's share and the mesh. */
export const createDpoService = ({
  db,
  engine,
  plans,
  now = () => new Date(),
}: {
  db: Database;
  engine: PowerEngine;
  /** Turning dynamic power on needs a plan that includes it (decision 080); turning it off never does. */
  plans: Pick<BillingService['plans'], 'assertFeature'>;
  now?: () => Date;
}) => {
  const requireLocation = async (locationId: string) => {
    const location = await repo.findLocationPower(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    return location;
  };

  const overview = async (locationId: string): Promise<DpoOverview> => {
    const { timeZone, settings } = await requireLocation(locationId);
    const chargers = await repo.chargersAt(db, locationId);
    const sessions = await repo.sessionsWithAllocations(
      db,
      chargers.map((charger) => charger.id),
    );
    const reach = new Map(meshNodes(chargers).map((node) => [node.id, node.reach]));
    const gridW = settings ? gridCapacityW(settings) : null;
    const rows = chargers.map((charger) => {
      const own = sessions.filter((session) => session.chargerId === charger.id);
      const mapped = own.map((session) => ({
        transactionId: session.transactionId,
        connectorId: session.connectorId,
        allocatedKw: session.allocatedW === null ? null : toKw(session.allocatedW),
        actualKw: session.powerW === null ? null : toKw(session.powerW),
        profileStatus: session.profileStatus,
      }));
      return {
        id: charger.id,
        chargerId: charger.chargerId,
        name: charger.name,
        status: charger.status,
        connected: Boolean(charger.connectedNode),
        reachable: reach.get(charger.id) !== 'unreachable',
        priority: charger.priority,
        maxPowerKw: charger.maxPowerKw,
        allocatedKw: toKw(own.reduce((sum, session) => sum + (session.allocatedW ?? 0), 0)),
        actualKw: toKw(own.reduce((sum, session) => sum + (session.powerW ?? 0), 0)),
        sessions: mapped,
      };
    });
    return {
      locationId,
      timeZone,
      grid: gridView(settings),
      gridCapacityKw: gridW === null ? null : toKw(gridW),
      settings: settingsView(settings),
      effectiveLimitKw: settings?.enabled ? toKw(limitAt(settings, gridW, localHour(now(), timeZone))) : null,
      allocatedKw: toKw(sessions.reduce((sum, session) => sum + (session.allocatedW ?? 0), 0)),
      actualKw: toKw(sessions.reduce((sum, session) => sum + (session.powerW ?? 0), 0)),
      chargers: rows,
    };
  };

  const saveLimit = async (actor: Actor, body: UpdateDpoBody) => {
    const { settings } = await requireLocation(body.locationId);
    if (body.enabled) await plans.assertFeature(db, body.locationId, 'dynamic_power');
    const values = {
      enabled: body.enabled,
      limitMode: body.limitMode,
      limitW: toW(body.limitKw),
      periods: body.periods.map((period) => ({ startHour: period.startHour, endHour: period.endHour, limitW: toW(period.limitKw) })),
      minPerSessionW: toW(body.minPerSessionKw),
    };
    await db.transaction(async (tx) => {
      await repo.upsertPowerSettings(tx, body.locationId, values);
      await recordActivity(tx, actor, {
        action: 'dpo.limit_updated',
        entity: 'location',
        entityId: body.locationId,
        locationId: body.locationId,
        changes: { limit: { before: settingsView(settings), after: settingsView({ ...values } as repo.PowerSettingsRow) } },
      });
    });
    await engine.settingsChanged(body.locationId);
    return ok('dynamic power limit updated');
  };

  const saveGrid = async (actor: Actor, body: UpdateGridBody) => {
    const { settings } = await requireLocation(body.locationId);
    const values = {
      supplyUnit: body.supplyUnit,
      supplyCapacity: body.supplyUnit === 'kW' ? toW(body.supplyCapacity) : Math.round(body.supplyCapacity * 10),
      phases: body.phases,
      voltage: body.voltage,
    };
    await db.transaction(async (tx) => {
      await repo.upsertPowerSettings(tx, body.locationId, values);
      await recordActivity(tx, actor, {
        action: 'power_grid.updated',
        entity: 'location',
        entityId: body.locationId,
        locationId: body.locationId,
        changes: { grid: { before: gridView(settings), after: gridView({ ...settings, ...values } as repo.PowerSettingsRow) } },
      });
    });
    await engine.settingsChanged(body.locationId);
    return ok('power grid updated');
  };

  const requireCharger = async (auth: AuthContext, chargerId: string) => {
    const charger = await repo.findChargerBasics(db, chargerId);
    if (!charger) throw new AppError('CHARGER_NOT_FOUND');
    assertLocationAccess(auth, charger.locationId);
    return charger;
  };

  const setPriority = async (auth: AuthContext, actor: Actor, chargerId: string, priority: ChargerPriority) => {
    const charger = await requireCharger(auth, chargerId);
    const before = (await repo.findChargerEnergy(db, chargerId))?.priority ?? 'normal';
    await db.transaction(async (tx) => {
      await repo.upsertChargerEnergy(tx, chargerId, { priority });
      await recordActivity(tx, actor, {
        action: 'dpo.priority_updated',
        entity: 'charger',
        entityId: charger.chargerCode,
        locationId: charger.locationId,
        changes: { priority: { before, after: priority } },
      });
    });
    engine.sessionsChanged(charger.locationId);
    return ok('charger priority updated');
  };

  const mesh = async (locationId: string): Promise<MeshResponse> => {
    await requireLocation(locationId);
    return { nodes: meshNodes(await repo.chargersAt(db, locationId)) };
  };

  const saveMesh = async (auth: AuthContext, actor: Actor, chargerId: string, body: UpdateMeshBody) => {
    const charger = await requireCharger(auth, chargerId);
    const link = body.link;
    const gatewayChargerId = link === 'gateway' ? (body.gatewayChargerId ?? null) : null;
    if (gatewayChargerId) {
      const gateway = await repo.findChargerBasics(db, gatewayChargerId);
      if (!gateway || gateway.locationId !== charger.locationId || gateway.id === charger.id) throw new AppError('MESH_GATEWAY_INVALID');
    }
    const before = await repo.findChargerEnergy(db, chargerId);
    const values = { link, gatewayChargerId, controllerName: link === 'controller' ? (body.controllerName ?? null) : null };
    await db.transaction(async (tx) => {
      await repo.upsertChargerEnergy(tx, chargerId, values);
      await recordActivity(tx, actor, {
        action: 'mesh.updated',
        entity: 'charger',
        entityId: charger.chargerCode,
        locationId: charger.locationId,
        changes: {
          mesh: {
            before: {
              link: before?.link ?? 'direct',
              gatewayChargerId: before?.gatewayChargerId ?? null,
              controllerName: before?.controllerName ?? null,
            },
            after: values,
          },
        },
      });
    });
    return ok('mesh configuration updated');
  };

  return { overview, saveLimit, saveGrid, setPriority, mesh, saveMesh };
};

export type DpoService = ReturnType<typeof createDpoService>;
