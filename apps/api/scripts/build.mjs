// Builds the API for `npm start`: one bundle of our TypeScript (and the workspace packages it uses), and one for
// the PGlite thread. Packages from node_modules stay imports, loaded as they are. Running the build rather than
// the sources through tsx saves the server tsx's loader and its compile-time heap in both threads (decision 066).
import { build } from 'esbuild';
import path from 'node:path';

const apiRoot = path.resolve(import.meta.dirname, '..');

/** Bare imports stay external, except our own workspace packages, which are TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wattdesk/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: apiRoot,
  // Both land in dist/, one level below the package, as src/api-root.ts expects.
  entryPoints: { main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
