/**
 * An exclusive lock on a data folder, held by a lock file with the owner's pid. A lock left by a
 * process that no longer exists (kill -9, power loss) is taken over; a live owner stops us with a
 * message that says what to do.
 */
import { openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface DirectoryLock {
  path: string;
  release(): void;
}

export class DirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Canopy process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another folder, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DirectoryLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirectoryLock(dir: string): DirectoryLock {
  const path = join(dir, '..', `${dir.split('/').pop()}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DirectoryLockedError(dir, owner);
      }
      unlinkSync(path); // stale lock
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
