/**
 * The few parts of the POSIX ustar format a backup needs: regular files with names of at most 255 bytes, written
 * as a stream and read from a buffer. `tar tzf` lists an archive made here, so an operator can look inside one
 * without our tools.
 */
const BLOCK = 512;

export type TarEntry = { name: string; data: Buffer; mode?: number };

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** ustar keeps up to 100 bytes in `name` and 155 more, before a slash, in `prefix`. */
const splitName = (name: string): { prefix: string; base: string } => {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash);
    const base = name.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`A name too long for the archive: ${name}`);
};

const header = (name: string, size: number, mode: number, mtime: number): Buffer => {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
};

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's blocks, one entry at a time: a caller can read each file only when its turn comes. */
export async function* tarBlocks(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime = Math.floor(Date.now() / 1000)) {
  for await (const entry of entries) {
    yield header(entry.name, entry.data.length, entry.mode ?? 0o644, mtime);
    yield entry.data;
    yield padding(entry.data.length);
  }
  yield Buffer.alloc(BLOCK * 2);
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};

/** The regular files of an archive (folders and other kinds are skipped), as views into `archive`. */
export const readTar = (archive: Buffer): TarEntry[] => {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(block, 124, 12).trim() || '0', 8);
    const type = text(block, 156, 1);
    const prefix = text(block, 345, 155);
    const base = text(block, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const start = offset + BLOCK;
    if (!Number.isFinite(size) || start + size > archive.length) throw new Error(`The archive is cut short at ${name}`);
    if (type === '0' || type === '')
      entries.push({ name, data: archive.subarray(start, start + size), mode: Number.parseInt(text(block, 100, 8), 8) });
    offset = start + size + padding(size).length;
  }
  return entries;
};
