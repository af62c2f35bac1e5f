import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../api-root.ts';

/**
 * The database's functions and triggers as source files beside the module that owns them,
 * `src/modules/<area>/sql/*.sql` (decision 070). Read from disk relative to the API's folder, as the migrations are,
 * so the built server (dist/main.mjs) finds the same files as the sources do.
 */
export const MODULES_DIR = path.join(API_ROOT, 'src', 'modules');

export type CodeFunction = { name: string; file: string; statement: string; header: string; body: string };
export type CodeTrigger = { name: string; table: string; file: string; statement: string };
export type DatabaseCode = { functions: CodeFunction[]; triggers: CodeTrigger[] };

const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y;

/** The end of a quoted string or identifier opened at `at` (a doubled quote stays inside). */
const closingQuote = (text: string, at: number): number => {
  const quote = text[at]!;
  for (let end = text.indexOf(quote, at + 1); end >= 0; end = text.indexOf(quote, end + 2)) if (text[end + 1] !== quote) return end;
  throw new Error(`unterminated ${quote} at offset ${at}`);
};

/**
 * The statements of a file, without their comments and closing semicolons. Dollar-quoted bodies, strings and quoted
 * identifiers are kept whole, so a semicolon or a `--` inside a function body does not cut it.
 */
export const splitStatements = (text: string): string[] => {
  const statements: string[] = [];
  let current = '';
  const close = () => {
    if (current.trim()) statements.push(current.trim());
    current = '';
  };
  for (let at = 0; at < text.length;) {
    if (text.startsWith('--', at)) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      if (end < 0) throw new Error(`unterminated comment at offset ${at}`);
      at = end + 2;
    } else if (text[at] === "'" || text[at] === '"') {
      const end = closingQuote(text, at);
      current += text.slice(at, end + 1);
      at = end + 1;
    } else if (text[at] === ';') {
      close();
      at += 1;
    } else {
      DOLLAR_TAG.lastIndex = at;
      const tag = text[at] === '$' ? DOLLAR_TAG.exec(text)?.[0] : undefined;
      const end = tag ? text.indexOf(tag, at + tag.length) : -1;
      if (tag && end < 0) throw new Error(`unterminated ${tag} at offset ${at}`);
      const next = tag ? end + tag.length : at + 1;
      current += text.slice(at, next);
      at = next;
    }
  }
  close();
  return statements;
};

/** A function's definition cut into its header (up to `AS`) and its body, as written or as pg_get_functiondef prints it. */
export const functionParts = (definition: string): { header: string; body: string } | undefined => {
  const parts = /^([\s\S]*?)\bAS\s+(\$\w*\$)([\s\S]*)\2\s*$/.exec(definition.trim());
  return parts ? { header: parts[1]!, body: parts[3]! } : undefined;
};

/** A header as pg_get_functiondef prints it, on one line, without quotes and without the `public.` schema. */
export const canonicalHeader = (header: string): string =>
  header
    .replace(/"/g, '')
    .replace(/\bpublic\./g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A trigger's definition as pg_get_triggerdef prints it, on one line, without quotes and without the `public.` schema. */
export const canonicalTrigger = (definition: string): string =>
  canonicalHeader(definition.replace(/^CREATE\s+OR\s+REPLACE\s+TRIGGER\b/i, 'CREATE TRIGGER')).replace(/\s*;$/, '');

const FUNCTION = /^CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/;
const TRIGGER = /^CREATE\s+OR\s+REPLACE\s+TRIGGER\s+"?([a-z_][a-z0-9_]*)"?\s[\s\S]*?\sON\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s/;

/** A file's functions and triggers. Anything else in it is refused: a file holds code, tables belong to migrations. */
export const parseCodeFile = (file: string, text: string): DatabaseCode => {
  const code: DatabaseCode = { functions: [], triggers: [] };
  for (const statement of splitStatements(text)) {
    const fn = FUNCTION.exec(statement);
    const parts = fn ? functionParts(statement) : undefined;
    const trigger = TRIGGER.exec(statement);
    if (fn && parts) code.functions.push({ name: fn[1]!, file, statement, header: parts.header, body: parts.body });
    else if (trigger) code.triggers.push({ name: trigger[1]!, table: trigger[2]!, file, statement });
    else
      throw new Error(`${file}: only CREATE OR REPLACE FUNCTION … AS $$ … $$ and CREATE OR REPLACE TRIGGER belong here:\n${statement.slice(0, 200)}`);
  }
  return code;
};

/** The code files' paths, in path order. */
export const codeFiles = (modulesDir = MODULES_DIR): string[] =>
  readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((area) => {
      const folder = path.join(modulesDir, area.name, 'sql');
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        return [];
      }
      return names.filter((name) => name.endsWith('.sql')).map((name) => path.join(folder, name));
    })
    .sort();

/** Every module's functions and triggers, in path order and, within a file, in the order written. */
export const loadDatabaseCode = (modulesDir = MODULES_DIR): DatabaseCode => {
  const code: DatabaseCode = { functions: [], triggers: [] };
  for (const file of codeFiles(modulesDir)) {
    // Named from the API's folder (`src/modules/<area>/sql/<name>.sql`), wherever that folder is.
    const parsed = parseCodeFile(path.relative(API_ROOT, file).split(path.sep).join('/'), readFileSync(file, 'utf8'));
    code.functions.push(...parsed.functions);
    code.triggers.push(...parsed.triggers);
  }
  return code;
};
