// The soak's printed figures: answers per call, memory per worker, and the checks' verdicts.
import { percentile, type Failure, type Recorder } from "./client.ts";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function printRoutes(recorder: Recorder): void {
  const rows = [...recorder.byRoute].sort(([, a], [, b]) => b.count - a.count);
  console.log(`  ${"call".padEnd(32)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}  answers`);
  for (const [path, route] of rows) {
    const sorted = [...route.ms].sort((a, b) => a - b);
    const answers = [...route.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count}×${status === 0 ? "conn" : status}`)
      .join(" ");
    console.log(
      `  ${path.padEnd(32)} ${String(route.count).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}  ${answers}`,
    );
  }
}

/**
 * 5xx and connection errors, less those in flight on the killed worker: a request sent before it
 * was killed (or within `graceMs` after, on a keep-alive connection it still held) and ended after.
 */
export function unexplainedFailures(failures: Failure[], killedAt: number | undefined, graceMs = 2_000) {
  const onKilled = (failure: Failure) => killedAt !== undefined && failure.status === 0 && failure.sentAt <= killedAt + graceMs && failure.endedAt >= killedAt;
  const excused = failures.filter(onKilled);
  const left = failures.filter((failure) => !onKilled(failure));
  return { excused, fiveHundreds: left.filter((f) => f.status >= 500), connectionErrors: left.filter((f) => f.status === 0) };
}

export interface Memory {
  pid: number;
  /** RSS samples taken once warmed up (warm-up seconds after the worker, or the load, started). */
  samples: number[];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each worker alive at the end: the mean of its last 3 samples against the mean of its first 3 (RSS moves with each GC). */
export function memoryCheck(samples: Map<number, Memory>, alive: Set<number>, limit: number): Check {
  const workers = [...samples.values()].filter((memory) => alive.has(memory.pid));
  const growths: number[] = [];
  const parts = workers.map(({ pid, samples: taken }) => {
    if (taken.length < 6) return `worker ${pid}: ${taken.length} samples after warm-up, too few to judge`;
    const [first, last] = [mean(taken.slice(0, 3)), mean(taken.slice(-3))];
    growths.push(last / first - 1);
    return `worker ${pid}: ${mib(first)} → ${mib(last)} (${last >= first ? "+" : ""}${((last / first - 1) * 100).toFixed(1)} %, ${taken.length} samples)`;
  });
  return {
    name: `memory flat (RSS growth ≤ ${limit * 100} % after warm-up)`,
    ok: growths.length > 0 && growths.every((growth) => growth <= limit),
    detail: parts.join("; "),
  };
}

export function printChecks(checks: Check[]): boolean {
  console.log();
  for (const check of checks) console.log(`  ${check.ok ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  return checks.every((check) => check.ok);
}
