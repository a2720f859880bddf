// The on-ramp as the server runs it: the provider the settings choose (the sandbox by default),
// the orders over it, and the clock that drives the sandbox and the reconciler.
import type { Env } from "../../env.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { passes, type Every } from "../../platform/schedule/passes.ts";
import type { Ledger } from "../ledger/index.ts";
import { createCancel } from "./cancel.ts";
import { createOrders, type ReversalNotice } from "./orders.ts";
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
  /** Tells a buyer that a credit was reversed (mailReversalNotices at the composition root). */
  notify?: (notice: ReversalNotice) => Promise<void>;
}

/** How often the sandbox's clock ticks while the server runs. */
const SANDBOX_TICK_MS = 250;

export function createOnramp({ db, env, logger, now, ledger, provider, fetch, notify }: OnrampOptions) {
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
    notify,
  });
  // One pass of each at a time: a trigger while a pass runs (a slow provider) is skipped, never queued.
  const reconciling = passes("onramp.reconcile", logger, async () => {
    const { checked, settled } = await orders.reconcile();
    if (settled > 0) logger.info("onramp.reconciled", { checked, settled });
  });
  const ticking = passes("onramp.tick", logger, () => sandbox?.tick() ?? Promise.resolve());

  return {
    provider: chosen,
    sandbox,
    orders,
    /** Cancels a buy not paid yet (POST /user/swipelux/cancel). */
    cancel: createCancel({ db, provider: chosen, orders, logger, now }),
    /** Where the sandbox sends its webhooks (the app's own webhook route). */
    connect(deliver: Deliver) {
      sandbox?.connect(deliver);
    },
    /** Reconciles once now, then on the schedule; the sandbox's clock starts too. Tests may pass their own timer. */
    start(every?: Every) {
      reconciling.start(env.ONRAMP_RECONCILE_SECONDS * 1000, every);
      // The sandbox's clock first ticks after one period, as it always has: nothing is due at start.
      if (sandbox) ticking.start(SANDBOX_TICK_MS, every, { immediately: false });
    },
    async stop() {
      await Promise.all([reconciling.stop(), ticking.stop()]);
    },
    /** Tests drive the clock by hand: a pass, or the one under way. */
    tick: () => ticking.run(),
    reconcile: () => reconciling.run(),
    /** How many reconciler passes have started (triggers while one ran are not passes). */
    get reconcilePasses() {
      return reconciling.started;
    },
  };
}

export type Onramp = ReturnType<typeof createOnramp>;
