import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in single-user mode: nothing stops a second process from opening the same data folder, and
 * two writers would corrupt it. The API, `db:backup` and `db:restore` each hold DATA_DIR/wattdesk.lock while they
 * use the embedded database, so a backup refuses while the product runs there and the product refuses to start
 * during a backup or a restore (decision 086).
 */
export const LOCK_FILE = 'wattdesk.lock';

export type LockHolder = 'api' | 'backup' | 'restore';
type LockContent = { pid: number; host: string; holder: LockHolder; since: string };

export class DataDirInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readLock = (file: string): LockContent | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockContent;
  } catch {
    return undefined;
  }
};

/**
 * A lock left by a process that is gone (killed, crashed) is taken over. One written on another host (a second
 * container sharing the volume) cannot be checked, so it counts as held. Our own pid in it is a restarted container
 * whose earlier run had the same pid.
 */
const stillHeld = (lock: LockContent) => lock.host !== hostname() || (lock.pid !== process.pid && isAlive(lock.pid));

/** Takes the folder's lock or throws DataDirInUseError naming who holds it. The lock goes when the process exits. */
export const claimDataDir = (dataDir: string, holder: LockHolder): { release: () => void } => {
  const file = path.join(dataDir, LOCK_FILE);
  mkdirSync(dataDir, { recursive: true });
  const content: LockContent = { pid: process.pid, host: hostname(), holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(content), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const found = readLock(file);
      if (found && stillHeld(found)) {
        throw new DataDirInUseError(
          `${dataDir} is in use: ${found.holder === 'api' ? 'the product runs' : `a ${found.holder} runs`} on it ` +
            `(process ${found.pid} on ${found.host}, since ${found.since}). Stop it first; if that process is gone, delete ${file}.`,
        );
      }
      unlinkSync(file);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readLock(file)?.pid === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return { release };
};
