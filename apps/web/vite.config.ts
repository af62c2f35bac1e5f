import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { icuCatalogues } from './icu-catalogues.ts';

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** Writes .gz and .br next to every asset, so the server sends compressed files without compressing per request. */
const precompress = (): Plugin => ({
  name: 'wattdesk-precompress',
  apply: 'build',
  closeBundle() {
    const assets = path.resolve(import.meta.dirname, 'dist/assets');
    for (const file of readdirSync(assets).filter((name) => /\.(js|css|svg)$/.test(name))) {
      const content = readFileSync(path.join(assets, file));
      writeFileSync(path.join(assets, `${file}.gz`), gzipSync(content, { level: 9 }));
      writeFileSync(path.join(assets, `${file}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  },
});

export default defineConfig({
  plugins: [icuCatalogues(), react(), precompress()],
  resolve: {
    // Catalogues arrive parsed (icu-catalogues.ts): the browser needs FormatJS's formatter, not its parser (decision 087).
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  server: {
    port: 5173,
    proxy: {
      '/web': apiOrigin,
      '/docs': apiOrigin,
      '/healthz': apiOrigin,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
