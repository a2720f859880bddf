// Background work that runs in passes on a timer (the on-ramp's reconciler, the ledger's hold
// expiry): one pass at a time. A trigger while a pass runs starts nothing and answers the pass
// under way, so a slow pass is never overlapped and triggers never queue behind it.
import type { Logger } from "../logging/logger.ts";
import { errorFields } from "../logging/logger.ts";

/** Starts `run` every `ms`; answers how to stop it. Tests pass their own to fire passes by hand. */
export type Every = (ms: number, run: () => void) => () => void;

export const everyInterval: Every = (ms, run) => {
  const timer = setInterval(run, ms).unref();
  return () => clearInterval(timer);
};

export interface Passes {
  /** Starts a pass unless one is running; either way answers when the pass under way ends (never rejects). */
  run(): Promise<void>;
  /** Passes started (skipped triggers are not counted). */
  readonly started: number;
  /** Whether a pass is running now. */
  readonly running: boolean;
  /** Runs a pass every `ms` (each skipped while the previous runs), and one now unless `immediately` is false. */
  start(ms: number, every?: Every, options?: { immediately?: boolean }): void;
  /** No more passes; answers once the one under way (if any) has ended. */
  stop(): Promise<void>;
}

/**
 * A pass's failure is logged as `<name>Failed` and the next trigger tries again. Each pass's start
 * is logged as `<name>Pass` at debug level: which jobs run in which process (platform/db/leader.ts).
 */
export function passes(name: string, logger: Logger, work: () => Promise<unknown>): Passes {
  let current: Promise<void> | null = null;
  let started = 0;
  let stopped = false;
  const cancels: (() => void)[] = [];

  function run(): Promise<void> {
    if (current) return current;
    if (stopped) return Promise.resolve();
    started++;
    logger.debug(`${name}Pass`);
    const pass = (async () => {
      try {
        await work();
      } catch (error) {
        logger.warn(`${name}Failed`, errorFields(error));
      }
    })().finally(() => {
      current = null;
    });
    current = pass;
    return pass;
  }

  return {
    run,
    get started() {
      return started;
    },
    get running() {
      return current !== null;
    },
    start(ms, every = everyInterval, { immediately = true } = {}) {
      stopped = false;
      if (immediately) void run();
      cancels.push(every(ms, () => void run()));
    },
    async stop() {
      stopped = true;
      for (const cancel of cancels.splice(0)) cancel();
      await current;
    },
  };
}
