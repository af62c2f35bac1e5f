import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type FileStorage } from './file-storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder (DATA_DIR/files by default). The content type sits beside each file, as S3 keeps it
 * with the object. Writes go to a temporary name first, so a reader never sees half a file.
 */
export const createDiskStorage = (root: string): FileStorage => {
  const fileOf = (key: string) => path.join(root, ...assertKey(key).split('/'));
  const typeOf = (key: string) => `${fileOf(key)}.content-type`;
  // A file put there before the storage module (utility bills, decision 054) has no type beside it.
  const contentTypeOf = (key: string) =>
    readFile(typeOf(key), 'utf8').catch((error: unknown) => {
      if (isMissing(error)) return 'application/octet-stream';
      throw error;
    });

  return {
    kind: 'disk',
    put: async (key, body, contentType) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.partial`;
      await writeFile(temporary, body);
      await writeFile(typeOf(key), contentType);
      await rename(temporary, file);
    },
    get: async (key) => {
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: await contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    stream: async (key) => {
      try {
        // Opened once: the size and the bytes are of the same file even if a put replaces it meanwhile (rename).
        const handle = await open(fileOf(key));
        try {
          const { size } = await handle.stat();
          const contentType = await contentTypeOf(key);
          return { body: handle.createReadStream(), contentType, size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    head: async (key) => {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true });
      await rm(typeOf(key), { force: true });
    },
  };
};
