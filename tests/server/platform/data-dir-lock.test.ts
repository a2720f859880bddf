import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from "../../../server/platform/db/lock.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "sarraf-lock-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

// Each worker runs every trial in step with the others: it says it is ready and blocks opening the
// trial's go pipe, which the test opens for writing once all are ready, so the kernel wakes them
// at the same instant; it reports, and if it won holds the lock until the test opens the done pipe.
const WORKER = `
import { closeSync, openSync } from "node:fs";
const { acquireDataDirLock, DataDirInUseError } = await import(process.env.LOCK_MODULE);
const dirs = JSON.parse(process.env.TRIAL_DIRS);
const say = (message) => process.stdout.write(JSON.stringify(message) + "\\n");
for (let trial = 0; trial < dirs.length; trial++) {
  say({ trial, ready: true });
  closeSync(openSync(dirs[trial] + ".go", "r"));
  try {
    const release = acquireDataDirLock(dirs[trial]);
    say({ trial, won: true, pid: process.pid });
    closeSync(openSync(dirs[trial] + ".done", "r"));
    release();
  } catch (error) {
    say(error instanceof DataDirInUseError
      ? { trial, won: false, owner: error.pid, pid: process.pid }
      : { trial, error: String(error) });
  }
}
`;

type Report = { trial: number; ready?: true; won?: boolean; pid?: number; owner?: number; error?: string };

/** Starts the workers and runs the trials in lockstep; returns each trial's reports. */
async function race(dirs: string[], workers: number): Promise<Report[][]> {
  const reports: Report[] = [];
  let wake = () => {};
  const children: ChildProcess[] = [];
  const failures: string[] = [];
  for (let i = 0; i < workers; i++) {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", WORKER], {
      env: {
        ...process.env,
        LOCK_MODULE: new URL("../../../server/platform/db/lock.ts", import.meta.url).href,
        TRIAL_DIRS: JSON.stringify(dirs),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => {
      if (code !== 0) failures.push(`worker exited with ${code}: ${stderr}`);
      wake();
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      reports.push(JSON.parse(line) as Report);
      wake();
    });
    children.push(child);
  }
  const until = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`workers stalled: ${JSON.stringify(reports)}`)), 20_000);
      const check = () => {
        if (failures.length > 0) reject(new Error(failures.join("\n")));
        else if (done()) resolve();
        else return void (wake = check);
        clearTimeout(timer);
      };
      check();
    });
  const pipes: number[] = [];
  try {
    const results: Report[][] = [];
    for (let trial = 0; trial < dirs.length; trial++) {
      const of = (kind: (r: Report) => boolean) => reports.filter((r) => r.trial === trial && kind(r));
      await until(() => of((r) => r.ready === true).length === workers);
      await sleep(5); // let every worker reach its blocking open of the go pipe
      const go = await openWriter(`${dirs[trial]}.go`);
      await until(() => of((r) => r.ready !== true).length === workers);
      closeSync(go);
      const outcome = of((r) => r.ready !== true);
      results.push(outcome);
      // Left open to the end, so that every winner gets past it, however many there are.
      if (outcome.some((r) => r.won === true)) pipes.push(await openWriter(`${dirs[trial]}.done`));
    }
    await until(() => children.every((child) => child.exitCode !== null));
    return results;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    for (const fd of pipes) closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a named pipe for writing, which wakes every process blocked opening it for reading. */
async function openWriter(fifo: string): Promise<number> {
  for (;;) {
    try {
      return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
      await sleep(1); // no reader yet
    }
  }
}

/** What is wrong with one trial's reports, if anything, given who should own the lock. */
function verdict(reports: Report[], liveOwner?: number): string | null {
  const winners = reports.filter((r) => r.won === true);
  const errors = reports.filter((r) => r.error !== undefined);
  if (errors.length > 0) return `errors: ${errors.map((r) => r.error).join("; ")}`;
  const owner = liveOwner ?? winners[0]?.pid;
  if (winners.length !== (liveOwner === undefined ? 1 : 0)) return `${winners.length} winners`;
  const wrong = reports.filter((r) => r.won === false && r.owner !== owner);
  return wrong.length > 0 ? `losers named ${wrong.map((r) => r.owner).join(", ")} instead of ${owner}` : null;
}

describe("the data-folder lock under simultaneous starts", () => {
  it("lets exactly one of several processes take over a stale lock, and none take a live one", async () => {
    // 40 trials: against the old rmSync-then-create takeover, 2 to 23 of them had two or three
    // winners on a two-core machine, so the race shows on every run.
    const staleTrials = 40;
    const liveTrials = 3;
    const dirs = Array.from({ length: staleTrials + liveTrials }, (_, trial) => {
      const dir = join(root, `trial-${trial}`);
      mkdirSync(dir);
      spawnSync("mkfifo", [`${dir}.go`, `${dir}.done`]);
      return dir;
    });
    const dead = String(deadPid());
    dirs.slice(0, staleTrials).forEach((dir, trial) => {
      writeFileSync(join(dir, LOCK_FILE), dead);
      // Every fourth also has the claim of a process that died while taking over.
      if (trial % 4 === 3) writeFileSync(join(dir, `${LOCK_FILE}.takeover.0`), dead);
    });
    const releases = dirs.slice(staleTrials).map((dir) => acquireDataDirLock(dir));

    const results = await race(dirs, 5);

    const bad = results
      .map((reports, trial) => [trial, verdict(reports, trial < staleTrials ? undefined : process.pid)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([trial, problem]) => `trial ${trial}: ${problem}`);
    expect(bad, `${bad.length}/${dirs.length} trials went wrong`).toEqual([]);
    for (const dir of dirs.slice(staleTrials)) {
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    }
    for (const release of releases) release();
    // Winners released their locks; no claim or temporary file is left behind.
    for (const dir of dirs) expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});

describe("the data-folder lock in one process", () => {
  const lockFile = () => join(root, LOCK_FILE);

  it("writes its pid, refuses a second acquire naming its own pid, and release removes it", () => {
    const release = acquireDataDirLock(root);
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    let refusal: unknown;
    try {
      acquireDataDirLock(root);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect(refusal).toMatchObject({ dataDir: root, pid: process.pid });
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
    release(); // idempotent
    expect(readdirSync(root)).toEqual([]);
  });

  it("never takes a lock from a live owner, whatever claims lie beside it", () => {
    writeFileSync(lockFile(), String(process.ppid));
    writeFileSync(`${lockFile()}.takeover.0`, String(deadPid()));
    expect(() => acquireDataDirLock(root)).toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.ppid));
  });

  it("is not blocked for ever by takeover claims whose process died or that are old", () => {
    writeFileSync(lockFile(), String(deadPid()));
    // Claims left by processes that died while taking over: one by a dead pid, one by a pid
    // that runs again (reused) but was written long ago.
    writeFileSync(`${lockFile()}.takeover.0`, String(deadPid()));
    writeFileSync(`${lockFile()}.takeover.1`, String(process.ppid));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(`${lockFile()}.takeover.1`, longAgo, longAgo);

    const started = Date.now();
    const release = acquireDataDirLock(root);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
    expect(readdirSync(root)).toEqual([]);
  });

  it("creates a missing data folder", () => {
    const dir = join(root, "nested", "data");
    const release = acquireDataDirLock(dir);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    release();
  });
});
