// WORKERS=N (N > 1): this process forks N server processes with Node's cluster module; they share
// PORT (the primary accepts and hands connections out in turn) and each runs server/main.ts as a
// single process does, with its own pool, health and graceful shutdown. The primary serves nothing.
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import type { Env } from "./env.ts";
import type { Logger } from "./platform/logging/logger.ts";

export const RESTART = {
  /** A worker that lived this long before dying is restarted at once, and its back-off starts over. */
  healthyMs: 30_000,
  /** Otherwise the wait doubles from this, up to maxMs: a crash loop does not spin. */
  firstMs: 500,
  maxMs: 30_000,
} as const;

/** Runs the primary until SIGTERM or SIGINT; then every worker drains, and the primary exits 0 if they all did. */
export function runPrimary(env: Env, logger: Logger): void {
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./main.ts", import.meta.url)) });
  let stopping = false;
  let everyoneStarted = false;
  let listening = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Per slot: how many quick deaths in a row (for the back-off).
  const slots = new Map<Worker, { slot: number; bornAt: number; streak: number }>();

  const fork = (slot: number, streak: number) => {
    const worker = cluster.fork({ SARRAF_WORKER_SLOT: String(slot) });
    slots.set(worker, { slot, bornAt: Date.now(), streak });
    worker.once("listening", () => {
      if (!everyoneStarted && ++listening === env.WORKERS) {
        everyoneStarted = true;
        logger.info("workers.started", { workers: env.WORKERS, pid: process.pid });
      }
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const born = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (slots.size === 0) finish();
      return;
    }
    if (!born) return;
    if (!everyoneStarted) {
      // A worker that cannot start (bad settings, the port taken, no database) will not start on a retry either.
      logger.error("workers.startFailed", { worker: worker.id, code, signal });
      failed = true;
      stop();
      return;
    }
    const lived = Date.now() - born.bornAt;
    const streak = lived >= RESTART.healthyMs ? 0 : born.streak + 1;
    const delay = streak === 0 ? 0 : Math.min(RESTART.maxMs, RESTART.firstMs * 2 ** (streak - 1));
    logger.warn("worker.died", { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay });
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) fork(born.slot, streak);
    }, delay);
    timers.add(timer);
  });

  let failed = false;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    clearTimeout(deadline);
    logger.info("workers.stopped", { pid: process.pid, ok: !failed });
    process.exit(failed ? 1 : 0);
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    if (slots.size === 0) return finish();
    for (const worker of slots.keys()) worker.process.kill("SIGTERM");
    // Each worker cuts its own requests at SHUTDOWN_TIMEOUT_MS; one that hangs past that is killed.
    deadline = setTimeout(() => {
      logger.error("workers.killed", { left: slots.size });
      failed = true;
      for (const worker of slots.keys()) worker.process.kill("SIGKILL");
    }, env.SHUTDOWN_TIMEOUT_MS + 15_000);
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      logger.info("shutdown", { signal, workers: slots.size });
      stop();
    });
  }
  for (let slot = 1; slot <= env.WORKERS; slot++) fork(slot, 0);
}
