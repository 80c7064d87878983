import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {}

/** Directories this process holds: a pid file naming us is ours only if listed here. */
const held = new Set<string>();

/**
 * PGlite gives one process a data directory; a second process opening it could corrupt it.
 * A pid file claims the directory; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'mergeboard.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      const ownerAlive =
        owner === process.pid ? held.has(file) : Number.isInteger(owner) && owner > 0 && isRunning(owner);
      if (ownerAlive) {
        throw new DataDirLockedError(
          `Another Mergeboard process (pid ${owner}) is using ${dir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not claim ${dir}`);
}
