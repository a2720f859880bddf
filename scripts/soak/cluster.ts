// The soak's server: `server/main.ts` as `npm start` runs it, with WORKERS=N (the primary forks,
// restarts and stops the workers), on 127.0.0.1. Its JSON log lines are read as they come; only
// the lines the soak needs are kept (workers started and died, the jobs' lease, answers ≥ 500).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface LogLine {
  msg: string;
  level?: string;
  pid?: number;
  url?: string;
  status?: number;
  path?: string;
  signal?: string;
  at: number;
}

const KEPT = new Set(["started", "workers.started", "worker.died", "jobs.leading", "jobs.leaseLost", "workers.stopped", "unhandled"]);

export interface Cluster {
  url: string;
  child: ChildProcess;
  /** Workers alive now (started and not seen dying), with when each started. */
  workers(): Map<number, number>;
  /** Every kept line so far. */
  lines(): LogLine[];
  /** Waits until a kept line matches (rejects if the primary exits, or after `ms`). */
  until(match: (line: LogLine) => boolean, ms?: number): Promise<LogLine>;
  /** SIGTERM: the workers drain; answers the primary's exit code. */
  stop(): Promise<number | null>;
}

export async function startCluster(workers: number, env: Record<string, string>): Promise<Cluster> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../../server/main.ts", import.meta.url))], {
    env: { PATH: process.env.PATH ?? "", ...env, WORKERS: String(workers), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
  });
  const kept: LogLine[] = [];
  const alive = new Map<number, number>();
  let partial = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    const text = partial + chunk;
    const cut = text.lastIndexOf("\n");
    partial = text.slice(cut + 1);
    for (const raw of text.slice(0, cut).split("\n")) {
      // Request lines (most of the output) are parsed only when they report an error.
      if (!raw.startsWith("{") || (raw.includes('"msg":"request"') && !raw.includes('"level":"error"'))) continue;
      let line: LogLine;
      try {
        line = { ...(JSON.parse(raw) as LogLine), at: performance.now() };
      } catch {
        continue;
      }
      if (!KEPT.has(line.msg) && line.msg !== "request" && line.level !== "error") continue;
      kept.push(line);
      if (line.msg === "started" && line.pid) alive.set(line.pid, line.at);
      if (line.msg === "worker.died" && line.pid) alive.delete(line.pid);
    }
  });
  child.stderr!.on("data", (chunk) => (stderr = (stderr + String(chunk)).slice(-4_000)));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));

  const until = (match: (line: LogLine) => boolean, ms = 120_000) =>
    new Promise<LogLine>((found, fail) => {
      const deadline = performance.now() + ms;
      const look = () => {
        const line = kept.find(match);
        if (line) return found(line);
        if (child.exitCode !== null) return fail(new Error(`the server exited (${child.exitCode}): ${stderr}`));
        if (performance.now() > deadline) return fail(new Error(`no such log line within ${ms / 1000} s`));
        setTimeout(look, 50);
      };
      look();
    });

  if (workers > 1) await until((line) => line.msg === "workers.started");
  const first = await until((line) => line.msg === "started");
  return {
    url: first.url!,
    child,
    workers: () => alive,
    lines: () => kept,
    until,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      const code = await exited;
      clearTimeout(timer);
      for (const pid of alive.keys()) killQuietly(pid);
      return code;
    },
  };
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Resident memory of a process in bytes (Linux /proc), or undefined when it is gone. */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
