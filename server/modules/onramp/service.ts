// The on-ramp as the server runs it: the provider the settings choose (the sandbox by default),
// the orders over it, and the clock that drives the sandbox and the reconciler.
import type { Env } from "../../env.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import { createOrders } from "./orders.ts";
import type { OnrampProvider } from "./provider.ts";
import { createSandbox, type Deliver, type Sandbox } from "./sandbox/sandbox.ts";
import { createSwipeluxProvider } from "./swipelux.ts";

export interface OnrampOptions {
  db: Db;
  env: Env;
  logger: Logger;
  now: () => Date;
  /** The one ledger the composition root made: every movement of a card buy goes through it. */
  ledger: Ledger;
  /** Replaces the provider the settings choose (tests of a failing provider). */
  provider?: OnrampProvider;
  /** How the Swipelux adapter reaches the network (tests pass recorded answers). */
  fetch?: typeof fetch;
}

/** How often the sandbox's clock ticks while the server runs. */
const SANDBOX_TICK_MS = 250;

export function createOnramp({ db, env, logger, now, ledger, provider, fetch }: OnrampOptions) {
  const sandbox: Sandbox | null =
    env.ONRAMP_PROVIDER === "sandbox"
      ? createSandbox({
          db,
          logger,
          now,
          stepMs: env.ONRAMP_SANDBOX_STEP_MS,
          orderTtlMinutes: env.ONRAMP_ORDER_TTL_MINUTES,
          copies: env.ONRAMP_SANDBOX_WEBHOOK_COPIES,
          order: env.ONRAMP_SANDBOX_WEBHOOK_ORDER,
          webhookMaxAgeSeconds: env.ONRAMP_WEBHOOK_MAX_AGE_SECONDS,
        })
      : null;
  const chosen =
    provider ??
    sandbox?.provider ??
    createSwipeluxProvider({
      apiUrl: env.SWIPELUX_API_URL,
      apiKey: env.SWIPELUX_API_KEY ?? "",
      webhookKeysUrl: env.SWIPELUX_WEBHOOK_KEYS_URL,
      webhookMaxAgeSeconds: env.ONRAMP_WEBHOOK_MAX_AGE_SECONDS,
      assets: env.SWIPELUX_ASSETS,
      fetch,
      now,
    });
  const orders = createOrders({
    db,
    ledger,
    provider: chosen,
    logger,
    now,
    orderTtlMinutes: env.ONRAMP_ORDER_TTL_MINUTES,
    deliveryToleranceBps: env.ONRAMP_DELIVERY_TOLERANCE_BPS,
  });
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> = Promise.resolve();

  /** One pass at a time: a slow pass is never overlapped by the next. */
  const serially = (name: string, work: () => Promise<unknown>) => () => {
    running = running.then(work).catch((error: unknown) => logger.warn(`onramp.${name}Failed`, errorFields(error)));
    return running;
  };
  const reconcile = serially("reconcile", async () => {
    const { checked, settled } = await orders.reconcile();
    if (settled > 0) logger.info("onramp.reconciled", { checked, settled });
  });
  const tick = serially("tick", () => sandbox?.tick() ?? Promise.resolve());

  return {
    provider: chosen,
    sandbox,
    orders,
    /** Where the sandbox sends its webhooks (the app's own webhook route). */
    connect(deliver: Deliver) {
      sandbox?.connect(deliver);
    },
    /** Reconciles once now, then on the schedule; the sandbox's clock starts too. */
    start() {
      void reconcile();
      timers.push(setInterval(reconcile, env.ONRAMP_RECONCILE_SECONDS * 1000).unref());
      if (sandbox) timers.push(setInterval(tick, SANDBOX_TICK_MS).unref());
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await running;
    },
    /** Tests drive the clock by hand. */
    tick,
    reconcile,
  };
}

export type Onramp = ReturnType<typeof createOnramp>;
