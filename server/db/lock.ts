import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "sarraf.lock";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}. ` +
        `Stop that process, or set DATA_DIR to another folder.`,
    );
    this.name = "DataDirInUseError";
  }
}

// PGlite is a single-process database: two processes writing the same folder corrupt it.
// The lock file holds the owner's pid; a lock whose pid no longer runs is stale and taken over.
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx" fails if the file exists, so two starting processes cannot both win.
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return once(() => rmSync(path, { force: true }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (owner !== null && isRunning(owner)) throw new DataDirInUseError(dataDir, owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}; another process keeps recreating it.`);
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still owns the folder.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
