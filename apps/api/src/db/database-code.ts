import { sql } from 'drizzle-orm';
import type { Database, Executor } from './database-types.ts';
import { canonicalHeader, canonicalTrigger, functionParts, loadDatabaseCode, type CodeFunction, type DatabaseCode } from './database-code-files.ts';
import { rowsOf } from './sql-helpers.ts';

/*
 * Applies the modules' functions and triggers (database-code-files.ts) after the migrations, on every start, in one
 * transaction (decision 070). Only what differs from the files is run: a start on an up-to-date database runs no DDL,
 * so it takes no table lock while other nodes serve, and an API role that does not own the tables still starts
 * (docs/configuration.md). Each object it writes carries its file in a comment; that comment is what makes an object
 * ours, and one of ours that no file defines any more is dropped.
 */

export type InstalledFunction = { name: string; signature: string; definition: string; comment: string | null };
export type InstalledTrigger = { name: string; table: string; definition: string; enabled: string; comment: string | null };
export type InstalledCode = { functions: InstalledFunction[]; triggers: InstalledTrigger[] };

/** Functions and triggers of the public schema, less what extensions (pg_trgm) own and the constraints' own triggers. */
export const readInstalledCode = async (db: Executor): Promise<InstalledCode> => {
  const functions = rowsOf<InstalledFunction>(
    await db.execute(sql`
      select p.proname as name, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition,
        obj_description(p.oid, 'pg_proc') as comment
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1, 2`),
  );
  const triggers = rowsOf<InstalledTrigger>(
    await db.execute(sql`
      select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as definition, t.tgenabled::text as enabled,
        obj_description(t.oid, 'pg_trigger') as comment
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
      order by 2, 1`),
  );
  return { functions, triggers };
};

const MARK = 'wattdesk: ';
/** The comment an applied object carries: where it is defined. */
export const markOf = (file: string) => `${MARK}${file}`;
const isOurs = (comment: string | null) => comment?.startsWith(MARK) === true;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Name, arguments and result: what CREATE OR REPLACE cannot change. */
const identityOf = (header: string) => canonicalHeader(header).split(' LANGUAGE ')[0];

/** The installed function equals the file's: the same header as the database prints it, the same body to the byte. */
export const sameFunction = (file: CodeFunction, installed: InstalledFunction): boolean => {
  const parts = functionParts(installed.definition);
  return parts !== undefined && canonicalHeader(parts.header) === canonicalHeader(file.header) && parts.body === file.body;
};

/**
 * The statements that make the database's functions and triggers those of the files: stale triggers dropped, then stale
 * functions (and those whose arguments or result changed), then the functions that differ, then the triggers.
 * Functions go in file order: a SQL-language function is checked when created, so one that calls another comes after it.
 */
export const planDatabaseCode = (code: DatabaseCode, installed: InstalledCode): string[] => {
  const drops: string[] = [];
  const creates: string[] = [];
  const fileFunctions = new Map(code.functions.map((fn) => [fn.name, fn]));
  const fileTriggers = new Map(code.triggers.map((trigger) => [`${trigger.table}.${trigger.name}`, trigger]));

  for (const trigger of installed.triggers)
    if (isOurs(trigger.comment) && !fileTriggers.has(`${trigger.table}.${trigger.name}`))
      drops.push(`DROP TRIGGER ${quoted(trigger.name)} ON ${quoted(trigger.table)}`);

  for (const fn of installed.functions) {
    const file = fileFunctions.get(fn.name);
    const parts = functionParts(fn.definition);
    const changedIdentity = file && (!parts || identityOf(parts.header) !== identityOf(file.header));
    if ((!file && isOurs(fn.comment)) || changedIdentity) drops.push(`DROP FUNCTION ${fn.signature}`);
  }

  for (const fn of code.functions) {
    const current = installed.functions.find((candidate) => candidate.name === fn.name && sameFunction(fn, candidate));
    if (current?.comment === markOf(fn.file)) continue;
    if (!current) creates.push(fn.statement);
    creates.push(`COMMENT ON FUNCTION ${quoted(fn.name)} IS ${literal(markOf(fn.file))}`);
  }

  for (const trigger of code.triggers) {
    const current = installed.triggers.find((candidate) => candidate.table === trigger.table && candidate.name === trigger.name);
    // A disabled trigger (ALTER TABLE … DISABLE TRIGGER) is re-armed: an append-only guard must not stay off by accident.
    const same = current && current.enabled === 'O' && canonicalTrigger(current.definition) === canonicalTrigger(trigger.statement);
    if (same && current.comment === markOf(trigger.file)) continue;
    if (!same) creates.push(trigger.statement);
    creates.push(`COMMENT ON TRIGGER ${quoted(trigger.name)} ON ${quoted(trigger.table)} IS ${literal(markOf(trigger.file))}`);
  }
  return [...drops, ...creates];
};

/** Brings the database's code to the files' in one transaction; answers how many statements that took (0: it was). */
export const applyDatabaseCode = async (db: Database, code: DatabaseCode = loadDatabaseCode()): Promise<number> =>
  db.transaction(async (tx) => {
    const plan = planDatabaseCode(code, await readInstalledCode(tx));
    for (const statement of plan) {
      // Named in the error, so a start refused (a role that does not own the tables, a file the database refuses) says what.
      await tx.execute(sql.raw(statement)).catch((error: unknown) => {
        throw new Error(`Applying the database's functions and triggers failed at: ${statement.split('\n')[0]}`, { cause: error });
      });
    }
    return plan.length;
  });
