/** The driver list's computed columns: tags, main user, and session figures of the driver and its account. */
import type { Driver } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { chargingSessions, drivers, idTags, sessionPrices, users } from '../../db/schema/index.ts';

export const tagsJson = sql<Driver['idTags']>`coalesce((
  select json_agg(json_build_object('id', t.id, 'tag', t.tag, 'kind', t.kind) order by t.tag)
  from ${idTags} t where t.driver_id = ${drivers.userId}), '[]'::json)`;

export const mainDriverJson = sql<Driver['mainDriver']>`(
  select json_build_object('id', mu.id, 'name', mu.first_name || ' ' || mu.last_name)
  from ${users} mu where mu.id = ${drivers.mainDriverId})`;

export const subUserCount = sql<number>`(select count(*)::int from ${drivers} sd where sd.main_driver_id = ${drivers.userId})`;

/** One pass over the driver's sessions (index on driver_id, started_at) for the list's figures. */
export const statsJson = sql<{ sessionCount: number; energyWh: number; lastSessionAt: string | null }>`(
  select json_build_object('sessionCount', count(*), 'energyWh', coalesce(sum(cs.energy_wh), 0), 'lastSessionAt', max(cs.started_at))
  from ${chargingSessions} cs where cs.driver_id = ${drivers.userId})`;

/** Final prices of the driver's sessions, per currency: sessions at locations of other currencies stay apart. */
export const costsJson = sql<Driver['costs']>`coalesce((
  select json_agg(json_build_object('currency', per.currency, 'amountMinor', per.amount) order by per.currency)
  from (select sp.currency, sum(sp.total_minor) as amount from ${sessionPrices} sp
        join ${chargingSessions} pcs on pcs.id = sp.session_id where pcs.driver_id = ${drivers.userId} group by sp.currency) per), '[]'::json)`;

/** The drivers whose sessions roll up to a main user: itself and its sub-users (index on main_driver_id). */
const accountMembers = sql`(select ad.user_id from ${drivers} ad where ad.user_id = ${drivers.userId} or ad.main_driver_id = ${drivers.userId})`;

/** A main user's account figures: its own sessions and its sub-users', costs per currency; null for a sub-user. */
export const accountJson = sql<{ sessionCount: number; energyWh: number; costs: Driver['costs'] } | null>`(
  select case when ${drivers.role} = 'user' then json_build_object(
    'sessionCount', (select count(*) from ${chargingSessions} acs where acs.driver_id in ${accountMembers}),
    'energyWh', (select coalesce(sum(acs.energy_wh), 0) from ${chargingSessions} acs where acs.driver_id in ${accountMembers}),
    'costs', coalesce((
      select json_agg(json_build_object('currency', per.currency, 'amountMinor', per.amount) order by per.currency)
      from (select sp.currency, sum(sp.total_minor) as amount from ${sessionPrices} sp
            join ${chargingSessions} acs on acs.id = sp.session_id where acs.driver_id in ${accountMembers} group by sp.currency) per), '[]'::json)
  ) end)`;
