import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "sarraf.lock";

/** A takeover claim older than this is abandoned even if its pid runs again (reused). */
const CLAIM_ABANDONED_MS = 5_000;
/** Give up after this long; only claims that stay alive and young can keep us waiting. */
const GIVE_UP_MS = 3 * CLAIM_ABANDONED_MS;
const MAX_CLAIMS = 64;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data folder ${dataDir} is in use by process ${pid}. ` + `Stop that process, or set DATA_DIR to another folder.`);
    this.name = "DataDirInUseError";
  }
}

// PGlite is a single-process database: two processes writing the same folder corrupt it.
// The lock holds the owner's pid and appears whole, as a link() (atomic, fails if the name exists)
// to a private file already holding it. A stale lock (pid gone) is re-checked and replaced only by
// the holder of a takeover claim, also taken with link(), so no two processes replace the same one.
// The claim of a process that died is skipped for the next claim name rather than removed, since
// removing it races exactly like removing the stale lock did; whoever then replaces the lock clears it.
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const mine = join(dataDir, `${LOCK_FILE}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(mine, "wx");
  try {
    writeSync(fd, String(process.pid));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const deadline = Date.now() + GIVE_UP_MS;
  try {
    while (Date.now() < deadline) {
      if (tryLink(mine, path)) return won(path, mine);
      const owner = readOwner(path);
      if (owner === "missing") continue;
      if (owner !== "invalid" && isRunning(owner)) throw new DataDirInUseError(dataDir, owner);

      const claim = claimTakeover(path, mine);
      if (claim === null) {
        sleep(5 + Math.random() * 20); // another process is taking over right now
        continue;
      }
      try {
        // Under the claim, look again: the lock may have been replaced since we read it.
        const current = readOwner(path);
        if (current === "missing") continue;
        if (current !== "invalid" && isRunning(current)) throw new DataDirInUseError(dataDir, current);
        rmSync(path, { force: true });
        // A process that found no lock at all may get there first; the next round names it.
        const took = tryLink(mine, path);
        // The lower claims were abandoned when we passed them; the stale lock is gone, so whoever
        // claims them next finds the new owner.
        for (let n = 0; n < claim.n; n++) rmSync(claimPath(path, n), { force: true });
        if (took) return won(path, mine);
      } finally {
        rmSync(claim.path, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${path}; other processes kept it changing for too long.`);
  } finally {
    rmSync(mine, { force: true });
  }
}

function won(path: string, mine: string): () => void {
  const { ino } = statSync(mine);
  removeLeftoverTemporaries(path);
  return once(() => {
    // Remove the lock only if it is still ours (it is, unless someone deleted it by hand).
    try {
      if (statSync(path).ino === ino) rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  });
}

/** Takes the lowest takeover claim that is free; null while a live process holds one. */
function claimTakeover(path: string, mine: string): { n: number; path: string } | null {
  const now = new Date();
  utimesSync(mine, now, now); // a claim's age counts from now, not from when we began waiting
  for (let n = 0; n < MAX_CLAIMS; n++) {
    const claim = claimPath(path, n);
    if (tryLink(mine, claim)) return { n, path: claim };
    let age: number;
    try {
      age = Date.now() - statSync(claim).mtimeMs;
    } catch {
      return null; // released just now: start over
    }
    const holder = readOwner(claim);
    if (holder === "missing") return null;
    if (holder !== "invalid" && isRunning(holder) && age < CLAIM_ABANDONED_MS) return null;
  }
  throw new Error(`Could not take the lock ${path}: ${MAX_CLAIMS} abandoned takeover claims beside it.`);
}

const claimPath = (path: string, n: number) => `${path}.takeover.${n}`;

/** Temporary files of processes that died while acquiring; their pid is in their name. */
function removeLeftoverTemporaries(path: string): void {
  const dir = join(path, "..");
  const pattern = new RegExp(`^${LOCK_FILE.replace(".", "\\.")}\\.(\\d+)-[0-9a-f]+\\.tmp$`);
  for (const name of readdirSync(dir)) {
    const pid = pattern.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(dir, name), { force: true });
  }
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function readOwner(path: string): number | "missing" | "invalid" {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : "invalid";
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

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
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
