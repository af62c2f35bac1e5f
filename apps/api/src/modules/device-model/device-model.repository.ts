import type { DeviceModelQuery, DeviceVariable, OcppVersion } from '@wattdesk/shared';
import type { ReportData } from '@wattdesk/shared/ocpp/ocpp201';
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargerDeviceReports, chargers, chargerVariables } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export type DeviceModelCharger = {
  id: string;
  chargerCode: string;
  locationId: string;
  connectedNode: string | null;
  ocppVersion: OcppVersion | null;
};

export const findCharger = async (db: Executor, id: string): Promise<DeviceModelCharger | undefined> => {
  const [row] = await db
    .select({
      id: chargers.id,
      chargerCode: chargers.chargerId,
      locationId: chargers.locationId,
      connectedNode: chargers.connectedNode,
      ocppVersion: chargers.ocppVersion,
    })
    .from(chargers)
    .where(eq(chargers.id, id))
    .limit(1);
  return row;
};

type VariableRow = typeof chargerVariables.$inferInsert;

/** One row per attribute the charger reported (a variable may report Actual, Target, MinSet and MaxSet). */
const rowsOf = (chargerId: string, data: ReportData, at: Date): VariableRow[] =>
  data.variableAttribute.map((attribute) => ({
    chargerId,
    component: data.component.name,
    componentInstance: data.component.instance ?? null,
    evseId: data.component.evse?.id ?? null,
    connectorId: data.component.evse?.connectorId ?? null,
    variable: data.variable.name,
    variableInstance: data.variable.instance ?? null,
    attributeType: attribute.type ?? 'Actual',
    value: attribute.value ?? null,
    mutability: attribute.mutability ?? 'ReadWrite',
    dataType: data.variableCharacteristics?.dataType ?? null,
    unit: data.variableCharacteristics?.unit ?? null,
    updatedAt: at,
  }));

/** Writes rows over the ones with the same identity (a later part or report wins). */
export const upsertVariables = async (db: Executor, chargerId: string, data: readonly ReportData[], at: Date) => {
  const rows = data.flatMap((item) => rowsOf(chargerId, item, at));
  // One statement may not touch a row twice: a report that repeats an attribute keeps its last value.
  const unique = new Map(
    rows.map((row) => [
      JSON.stringify([row.component, row.componentInstance, row.evseId, row.connectorId, row.variable, row.variableInstance, row.attributeType]),
      row,
    ]),
  );
  if (!unique.size) return;
  await db
    .insert(chargerVariables)
    .values([...unique.values()])
    .onConflictDoUpdate({
      target: [
        chargerVariables.chargerId,
        chargerVariables.component,
        chargerVariables.componentInstance,
        chargerVariables.evseId,
        chargerVariables.connectorId,
        chargerVariables.variable,
        chargerVariables.variableInstance,
        chargerVariables.attributeType,
      ],
      set: {
        value: sql`excluded.value`,
        mutability: sql`excluded.mutability`,
        dataType: sql`excluded.data_type`,
        unit: sql`excluded.unit`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
};

export const deleteVariables = async (db: Executor, chargerId: string) => {
  await db.delete(chargerVariables).where(eq(chargerVariables.chargerId, chargerId));
};

export const saveReportState = async (
  db: Executor,
  state: { chargerId: string; requestId: number; lastSeqNo: number; complete: boolean; generatedAt: Date },
) => {
  const { chargerId: _key, ...changes } = state;
  // A report's first part records the firmware it describes; later parts keep it.
  const firmware = sql`(select ${chargers.firmwareVersion} from ${chargers} where ${chargers.id} = ${state.chargerId})`;
  const firmwareChange = state.lastSeqNo === 0 ? { firmwareVersion: firmware } : {};
  await db
    .insert(chargerDeviceReports)
    .values({ ...state, firmwareVersion: firmware })
    .onConflictDoUpdate({ target: chargerDeviceReports.chargerId, set: { ...changes, ...firmwareChange, updatedAt: sql`now()` } });
};

/**
 * The charger's id, and whether its device model must be asked for: none stored, a report left unfinished, or one
 * taken under other firmware. A reconnecting fleet's boots then ask nothing of the chargers whose model is current.
 */
export const findBaseReportNeed = async (db: Executor, chargerCode: string): Promise<{ chargerId: string; needed: boolean } | undefined> => {
  const [row] = await db
    .select({
      chargerId: chargers.id,
      needed: sql<boolean>`${chargerDeviceReports.chargerId} is null
        or not ${chargerDeviceReports.complete}
        or ${chargerDeviceReports.firmwareVersion} is distinct from ${chargers.firmwareVersion}`,
    })
    .from(chargers)
    .leftJoin(chargerDeviceReports, eq(chargerDeviceReports.chargerId, chargers.id))
    .where(eq(chargers.chargerId, chargerCode))
    .limit(1);
  return row;
};

export const findReportState = async (db: Executor, chargerId: string) => {
  const [row] = await db.select().from(chargerDeviceReports).where(eq(chargerDeviceReports.chargerId, chargerId));
  return row;
};

const filterOf = (chargerId: string, query: Pick<DeviceModelQuery, 'component' | 'q'>): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [eq(chargerVariables.chargerId, chargerId)];
  if (query.component) conditions.push(eq(chargerVariables.component, query.component));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(ilike(chargerVariables.component, pattern), ilike(chargerVariables.variable, pattern), ilike(chargerVariables.value, pattern)),
    );
  }
  return and(...conditions);
};

export const listVariables = async (
  db: Executor,
  chargerId: string,
  query: DeviceModelQuery,
): Promise<{ items: DeviceVariable[]; total: number }> => {
  const where = filterOf(chargerId, query);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(chargerVariables)
      .where(where)
      .orderBy(
        asc(chargerVariables.component),
        sql`${chargerVariables.evseId} nulls first`,
        sql`${chargerVariables.connectorId} nulls first`,
        asc(chargerVariables.variable),
        asc(chargerVariables.attributeType),
        asc(chargerVariables.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(chargerVariables).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    items: rows.map((row) => ({
      component: row.component,
      componentInstance: row.componentInstance,
      evseId: row.evseId,
      connectorId: row.connectorId,
      variable: row.variable,
      variableInstance: row.variableInstance,
      attributeType: row.attributeType,
      value: row.value,
      mutability: row.mutability as DeviceVariable['mutability'],
      dataType: row.dataType,
      unit: row.unit,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
};

export const componentNames = async (db: Executor, chargerId: string): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ component: chargerVariables.component })
    .from(chargerVariables)
    .where(eq(chargerVariables.chargerId, chargerId))
    .orderBy(asc(chargerVariables.component));
  return rows.map((row) => row.component);
};

export type VariableKey = { component: string; componentInstance?: string; evseId?: number; variable: string; instance?: string };

const keyFilter = (chargerId: string, key: VariableKey) =>
  and(
    eq(chargerVariables.chargerId, chargerId),
    eq(chargerVariables.component, key.component),
    key.componentInstance === undefined ? isNull(chargerVariables.componentInstance) : eq(chargerVariables.componentInstance, key.componentInstance),
    key.evseId === undefined ? isNull(chargerVariables.evseId) : eq(chargerVariables.evseId, key.evseId),
    eq(chargerVariables.variable, key.variable),
    key.instance === undefined ? isNull(chargerVariables.variableInstance) : eq(chargerVariables.variableInstance, key.instance),
    eq(chargerVariables.attributeType, 'Actual'),
  );

/** The variable's Actual attribute as last reported (the one SetVariables changes). */
export const findVariable = async (db: Executor, chargerId: string, key: VariableKey) => {
  const [row] = await db
    .select({ value: chargerVariables.value, mutability: chargerVariables.mutability })
    .from(chargerVariables)
    .where(keyFilter(chargerId, key))
    .limit(1);
  return row;
};

/** Stores a value the charger accepted; a variable it never reported is added (its mutability unknown: ReadWrite). */
export const storeValue = async (db: Executor, chargerId: string, key: VariableKey, value: string, at: Date) => {
  const updated = await db
    .update(chargerVariables)
    .set({ value, updatedAt: at })
    .where(keyFilter(chargerId, key))
    .returning({ id: chargerVariables.id });
  if (updated.length) return;
  await db.insert(chargerVariables).values({
    chargerId,
    component: key.component,
    componentInstance: key.componentInstance ?? null,
    evseId: key.evseId ?? null,
    variable: key.variable,
    variableInstance: key.instance ?? null,
    value,
    updatedAt: at,
  });
};
