import path from 'node:path';

/**
 * The API package's folder. This module sits one level below it, as the built bundle (dist/main.mjs) does, so
 * the same expression holds whether the server runs from source or from the build.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');
