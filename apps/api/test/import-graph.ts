import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Cycles among a source tree's relative imports. Type-only imports (`import type`, or every name marked `type`)
 * are erased by the compiler and cannot order module evaluation, so they are not edges. A value cycle can leave
 * a module's exports undefined while another evaluates: it once broke the browser bundle ("Cannot read
 * properties of undefined (reading 'optional')") while typecheck and unit tests passed.
 */
export const importCycles = (root: string): string[][] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
    }
  };
  walk(root);

  const resolve = (from: string, specifier: string) => {
    const base = path.resolve(path.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
  };
  const isTypeOnly = (clause: string) => {
    const braces = /\{([^}]*)\}/.exec(clause);
    if (!braces || clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '')) return false;
    const names = braces[1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    return names.length > 0 && names.every((name) => name.startsWith('type '));
  };
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const [, typeKeyword, clause, specifier] of source.matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"](\.[^'"]+)['"]/gms)) {
      if (typeKeyword || isTypeOnly(clause!)) continue;
      const target = resolve(file, specifier!);
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }

  const cycles: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    done.add(file);
    trail.push(file);
    for (const target of edges.get(file) ?? []) {
      const at = trail.indexOf(target);
      if (at >= 0) cycles.push([...trail.slice(at), target].map((entry) => path.relative(root, entry)));
      else if (!done.has(target)) visit(target);
    }
    trail.pop();
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
};
