import {
  AppError,
  successMessages,
  type TariffOverview,
  type TariffVersion,
  type UpdateDefaultSessionFeeBody,
  type UpdateIdleFeesBody,
  type UpdateOtherFeesBody,
  type UpdateRatesBody,
  type UpdateViolationRulesBody,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/sql-helpers.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { buildOcpiTariffs, toOcpiTariff } from './ocpi-export.ts';
import * as repo from './tariffs.repository.ts';

/** A clock a minute behind ours still means "now". */
const CLOCK_TOLERANCE_MS = 60_000;
const HISTORY = 20;

type FeeSettings = Partial<Pick<repo.LocationPricing, 'sessionFee' | 'idleFee' | 'violationRules'>>;

const saved = (version: TariffVersion | null) => ({ responseCode: 200, msg: [successMessages.paymentFeeViolationInfoUpdated], version });

/**
 * Rates, fees and violation rules of locations. Rates change by a new version from a chosen moment; a fee
 * change is a new version from now with the rates in force (and applies to versions already scheduled).
 * Versions in force are never edited, so every session keeps the prices it started with.
 */
export const createTariffsService = ({ db, now }: { db: Database; now: () => Date }) => {
  const requirePricing = async (executor: Executor, locationId: string) => {
    const pricing = await repo.findLocationPricing(executor, locationId);
    if (!pricing) throw new AppError('LOCATION_NOT_FOUND');
    return pricing;
  };

  /** A version's fees from the location's settings, the session fee resolved against the network default. */
  const feesOf = async (executor: Executor, pricing: repo.LocationPricing) => ({
    sessionFee: pricing.sessionFee ?? (await repo.defaultFeeOf(executor, pricing.currency)),
    sessionFeeIsDefault: pricing.sessionFee === null,
    idleFee: pricing.idleFee,
    violationRules: pricing.violationRules,
  });

  const overview = async (locationId: string): Promise<TariffOverview> => {
    const at = now();
    const pricing = await requirePricing(db, locationId);
    const [past, scheduled, defaultSessionFee] = await Promise.all([
      repo.versionsUntil(db, locationId, at, HISTORY + 1),
      repo.versionsAfter(db, locationId, at),
      repo.defaultFeeOf(db, pricing.currency),
    ]);
    return {
      locationId,
      timeZone: pricing.timeZone,
      currency: pricing.currency,
      current: past[0] ? repo.toVersion(past[0]) : null,
      scheduled: scheduled.map(repo.toVersion),
      history: past.slice(1).map(repo.toVersion),
      defaultSessionFee,
    };
  };

  const conflictsAsTaken = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'tariff_versions_location_effective_unique') throw new AppError('TARIFF_EFFECTIVE_TAKEN');
      throw error;
    }
  };

  const saveRates = async (actor: Actor, body: UpdateRatesBody) => {
    const at = now();
    const requested = body.effectiveFrom ? new Date(body.effectiveFrom) : at;
    if (requested.getTime() < at.getTime() - CLOCK_TOLERANCE_MS) throw new AppError('TARIFF_EFFECTIVE_IN_PAST');
    const effectiveFrom = requested < at ? at : requested;
    const version = await conflictsAsTaken(() =>
      db.transaction(async (tx) => {
        const pricing = await requirePricing(tx, body.locationId);
        const before = await repo.versionAt(tx, body.locationId, effectiveFrom);
        if (pricing.currency !== body.currency) await repo.updateLocationPricing(tx, body.locationId, { currency: body.currency });
        const fees = await feesOf(tx, { ...pricing, currency: body.currency });
        const created = await repo.insertVersion(tx, {
          locationId: body.locationId,
          effectiveFrom,
          currency: body.currency,
          periods: body.periods,
          ...fees,
          createdBy: actor.email,
        });
        await recordActivity(tx, actor, {
          action: 'tariff.rates.update',
          entity: 'tariff',
          entityId: created.id,
          locationId: body.locationId,
          changes: {
            effectiveFrom: { before: before?.effectiveFrom.toISOString() ?? null, after: effectiveFrom.toISOString() },
            currency: { before: before?.currency ?? pricing.currency, after: body.currency },
            periods: { before: before?.periods ?? null, after: body.periods },
          },
        });
        return repo.toVersion(created);
      }),
    );
    return saved(version);
  };

  /**
   * A fee setting changed: stored on the location, and a version from now with the rates in force (the
   * version is patched instead when it started this very moment); versions scheduled later get it too.
   */
  const applyFees = async (tx: Executor, locationId: string, settings: FeeSettings, createdBy: string | null) => {
    const pricing = { ...(await requirePricing(tx, locationId)), ...settings };
    await repo.updateLocationPricing(tx, locationId, {
      ...(settings.sessionFee !== undefined ? { sessionFee: settings.sessionFee } : {}),
      ...(settings.idleFee ? { idleFeesOptions: settings.idleFee } : {}),
      ...(settings.violationRules ? { violationRules: settings.violationRules } : {}),
    });
    const fees = await feesOf(tx, pricing);
    const at = now();
    for (const later of await repo.versionsAfter(tx, locationId, at)) await repo.patchVersion(tx, later.id, fees);
    const current = await repo.versionAt(tx, locationId, at);
    if (!current) return null;
    if (current.effectiveFrom.getTime() === at.getTime()) {
      await repo.patchVersion(tx, current.id, fees);
      return repo.toVersion({ ...current, ...fees });
    }
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rates } = current;
    return repo.toVersion(await repo.insertVersion(tx, { ...rates, ...fees, effectiveFrom: at, createdBy }));
  };

  const saveFeeSettings = async (actor: Actor, locationId: string, action: string, settings: FeeSettings) => {
    const version = await conflictsAsTaken(() =>
      db.transaction(async (tx) => {
        const before = await requirePricing(tx, locationId);
        const version = await applyFees(tx, locationId, settings, actor.email);
        const changes = Object.fromEntries(
          Object.entries(settings).map(([key, after]) => [key, { before: before[key as keyof FeeSettings] ?? null, after: after ?? null }]),
        );
        await recordActivity(tx, actor, { action, entity: 'location', entityId: locationId, locationId, changes });
        return version;
      }),
    );
    return saved(version);
  };

  const saveIdleFees = (actor: Actor, { locationId, ...idleFee }: UpdateIdleFeesBody) =>
    saveFeeSettings(actor, locationId, 'tariff.idle-fees.update', { idleFee });

  const saveOtherFees = (actor: Actor, { locationId, sessionFee }: UpdateOtherFeesBody) =>
    saveFeeSettings(actor, locationId, 'tariff.other-fees.update', { sessionFee });

  const saveViolationRules = (actor: Actor, { locationId, ...violationRules }: UpdateViolationRulesBody) =>
    saveFeeSettings(actor, locationId, 'tariff.violation-rules.update', { violationRules });

  /** The network default: every location of the currency without a fee of its own gets it from now on. */
  const saveDefaultSessionFee = async (actor: Actor, body: UpdateDefaultSessionFeeBody) => {
    await conflictsAsTaken(() =>
      db.transaction(async (tx) => {
        const before = await repo.defaultFeeOf(tx, body.currency);
        await repo.upsertDefaultFee(tx, body.currency, body.amount);
        for (const locationId of await repo.locationsUsingDefault(tx, body.currency)) await applyFees(tx, locationId, {}, actor.email);
        await recordActivity(tx, actor, {
          action: 'tariff.default-session-fee.update',
          entity: 'currency',
          entityId: body.currency,
          changes: { defaultSessionFee: { before, after: body.amount } },
        });
      }),
    );
    return { responseCode: 200, msg: [successMessages.paymentFeeViolationInfoUpdated] };
  };

  const ocpi = async (locationId: string) => {
    const at = now();
    const [current] = await repo.versionsUntil(db, locationId, at, 1);
    if (!current) throw new AppError('TARIFF_NOT_SET');
    const scheduled = await repo.versionsAfter(db, locationId, at);
    return buildOcpiTariffs([current, ...scheduled], at);
  };

  /** The tariffs of published locations for GET /ocpi/2.2.1/tariffs: per location its version in force and those scheduled. */
  const ocpiPublished = async () => {
    const at = now();
    const tariffs = [];
    for (const locationId of await repo.publishedLocationIds(db)) {
      const versions = [...(await repo.versionsUntil(db, locationId, at, 1)), ...(await repo.versionsAfter(db, locationId, at))];
      tariffs.push(...versions.map((version, index) => toOcpiTariff(version, versions[index + 1])));
    }
    return tariffs;
  };

  /** The Tariff a session was priced with, as GET /tariffs publishes it (a CDR's `tariffs`); in the caller's transaction. */
  const ocpiTariffOfVersion = async (executor: Executor, versionId: string) => {
    const version = await repo.findVersion(executor, versionId);
    if (!version) return undefined;
    const [next] = await repo.versionsAfter(executor, version.locationId, version.effectiveFrom);
    return toOcpiTariff(version, next);
  };

  return { overview, saveRates, saveIdleFees, saveOtherFees, saveViolationRules, saveDefaultSessionFee, ocpi, ocpiPublished, ocpiTariffOfVersion };
};

export type TariffsService = ReturnType<typeof createTariffsService>;
