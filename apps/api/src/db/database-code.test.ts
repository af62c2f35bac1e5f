import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../api-root.ts';
import type { DatabaseHandle } from './client.ts';
import { canonicalHeader, canonicalTrigger, functionParts, loadDatabaseCode, parseCodeFile } from './database-code-files.ts';
import { applyDatabaseCode, markOf, planDatabaseCode, readInstalledCode } from './database-code.ts';
import { rowsOf } from './sql-helpers.ts';
import { createTestDatabase } from '../../test/test-app.ts';

/** The last migration that was allowed to define functions and triggers (decision 070). */
const LAST_MIGRATION_WITH_CODE = 37;

const code = loadDatabaseCode();
const duplicates = (names: string[]) => names.filter((name, index) => names.indexOf(name) !== index);
/** An error's message and its causes' (drizzle wraps the driver's error). */
const messagesOf = (error: unknown): string => (error instanceof Error ? `${error.message} ${messagesOf(error.cause)}` : '');

describe("the database's functions and triggers are the modules' SQL files", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('defines each function and each trigger in exactly one file', () => {
    expect(code.functions.length).toBeGreaterThan(0);
    expect(duplicates(code.functions.map((fn) => fn.name))).toEqual([]);
    expect(duplicates(code.triggers.map((trigger) => `${trigger.table}.${trigger.name}`))).toEqual([]);
  });

  it('a migrated database holds exactly the functions and triggers of the files, as the files write them', async () => {
    const installed = await readInstalledCode(database.db);
    expect(installed.functions.map((fn) => fn.name).sort()).toEqual(code.functions.map((fn) => fn.name).sort());
    for (const fn of code.functions) {
      const found = installed.functions.find((candidate) => candidate.name === fn.name)!;
      const parts = functionParts(found.definition);
      // The header as the database prints it (types spelled out, attributes in its order), so a file reads as \df+ shows it.
      expect(canonicalHeader(parts?.header ?? ''), fn.file).toBe(canonicalHeader(fn.header));
      expect(parts?.body, `${fn.name} in ${fn.file}`).toBe(fn.body);
      expect(found.comment).toBe(markOf(fn.file));
    }
    const key = (trigger: { table: string; name: string }) => `${trigger.table}.${trigger.name}`;
    expect(installed.triggers.map(key).sort()).toEqual(code.triggers.map(key).sort());
    for (const trigger of code.triggers) {
      const found = installed.triggers.find((candidate) => key(candidate) === key(trigger))!;
      expect(canonicalTrigger(found.definition), trigger.file).toBe(canonicalTrigger(trigger.statement));
      expect([found.enabled, found.comment]).toEqual(['O', markOf(trigger.file)]);
    }
    expect(planDatabaseCode(code, installed)).toEqual([]);
  });

  it('a file holds functions and triggers only', () => {
    expect(() => parseCodeFile('x.sql', 'CREATE TABLE "t" ("id" integer);')).toThrow(/only CREATE OR REPLACE FUNCTION/);
    expect(
      parseCodeFile('x.sql', "-- it's a comment; not a statement\nCREATE OR REPLACE FUNCTION f() RETURNS text LANGUAGE sql AS $$ SELECT ';--' $$;"),
    ).toEqual({
      functions: [expect.objectContaining({ name: 'f', body: " SELECT ';--' " })],
      triggers: [],
    });
  });

  it('no migration after 0037 creates a function or a trigger: they belong in the files', () => {
    const journal = JSON.parse(readFileSync(path.join(API_ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const offending = journal.entries
      .filter((entry) => entry.idx > LAST_MIGRATION_WITH_CODE)
      .filter((entry) =>
        /\bCREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|PROCEDURE|TRIGGER)\b/i.test(
          readFileSync(path.join(API_ROOT, `drizzle/${entry.tag}.sql`), 'utf8'),
        ),
      );
    expect(offending.map((entry) => entry.tag)).toEqual([]);
  });

  // Last: it changes the database the others read.
  it('a start repairs what drifted, drops what no file defines any more and leaves what is not ours', async () => {
    const run = (statement: string) => database.db.execute(sql.raw(statement));
    await run(`CREATE OR REPLACE FUNCTION wd_csv_decimal(v numeric, digits integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'drifted' $$`);
    await run('ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_no_truncate');
    await run('DROP TRIGGER chargers_count_insert ON chargers');
    // An overload a file no longer writes, and a function and trigger of ours whose file was deleted.
    await run('CREATE FUNCTION wd_csv_cell(v text, extra integer) RETURNS text LANGUAGE sql AS $$ SELECT v $$');
    await run('CREATE FUNCTION wd_gone() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$');
    await run('CREATE TRIGGER wd_gone AFTER INSERT ON locations FOR EACH STATEMENT EXECUTE FUNCTION wd_gone()');
    await run(`COMMENT ON FUNCTION wd_gone IS '${markOf('src/modules/gone/sql/gone.sql')}'`);
    await run(`COMMENT ON TRIGGER wd_gone ON locations IS '${markOf('src/modules/gone/sql/gone.sql')}'`);
    // An operator's own function, in the same schema.
    await run('CREATE FUNCTION operator_note() RETURNS text LANGUAGE sql AS $$ SELECT 1::text $$');

    expect(await applyDatabaseCode(database.db)).toBeGreaterThan(0);
    const installed = await readInstalledCode(database.db);
    expect(planDatabaseCode(code, installed)).toEqual([]);
    expect(installed.functions.map((fn) => fn.signature).filter((signature) => /wd_gone|wd_csv_cell|operator_note/.test(signature))).toEqual([
      'operator_note()',
      'wd_csv_cell(text)',
    ]);
    expect(installed.triggers.filter((trigger) => trigger.name === 'wd_gone')).toEqual([]);
    const [row] = rowsOf<{ cell: string }>(await database.db.execute(sql`select wd_csv_decimal(12.50, 2) as cell`));
    expect(row?.cell).toBe('12.5');
    expect(await run('TRUNCATE activity_logs').then(() => '', messagesOf)).toMatch(/activity_logs is append-only: TRUNCATE/);
    expect(await applyDatabaseCode(database.db)).toBe(0);
  });
});
