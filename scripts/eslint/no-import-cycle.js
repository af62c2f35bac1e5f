// @ts-check
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `local/no-import-cycle`: a file may not reach itself through relative imports, type-only ones included.
 * eslint-plugin-import's no-cycle is not a dependency; this is the part of it the repository needs. A value cycle
 * can leave an export undefined while another module evaluates (it once broke the web bundle); a type-only one
 * orders nothing, but two files that name each other are one unit split in two, and the next value import between
 * them makes the cycle real. apps/api/test/import-cycles.test.ts keeps testing value cycles the same way.
 *
 * The graph is read from the files' text (imports and re-exports with a relative `from`; dynamic `import()` is
 * lazy and left out), once per file per lint run.
 */

/** @type {Map<string, string[]>} */
const edgesCache = new Map();
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const IMPORT = /^(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/gm;

/** @param {string} candidate */
const isFile = (candidate) => existsSync(candidate) && statSync(candidate).isFile();

/** @param {string} from @param {string} specifier */
const resolve = (from, specifier) => {
  const base = path.resolve(path.dirname(from), specifier);
  return EXTENSIONS.map((extension) => base + extension).find(isFile);
};

/** @param {string} file @returns {string[]} */
const edgesOf = (file) => {
  let edges = edgesCache.get(file);
  if (!edges) {
    const targets = new Set();
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, /** @type {string} */ (specifier));
      if (target) targets.add(target);
    }
    edges = [...targets];
    edgesCache.set(file, edges);
  }
  return edges;
};

/** A path of imports from `start` back to `file`, or undefined. @param {string} start @param {string} file */
const pathBack = (start, file) => {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const target of edgesOf(next)) {
      if (target === file) {
        const trail = [next];
        for (let at = cameFrom.get(next); at; at = cameFrom.get(at)) trail.unshift(at);
        return trail;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, next);
        queue.push(target);
      }
    }
  }
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that lead back to the importing file (type-only ones included)' },
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both need to a module of its own.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration} node */
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (!target) return;
      const trail = target === file ? [] : pathBack(target, file);
      if (!trail) return;
      const cycle = [file, ...trail, file].map((entry) => path.relative(root, entry)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { cycle } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
