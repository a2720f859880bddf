// The embedded on-ramp: Sarraf's offline stand-in for Swipelux. It keeps its own orders (apart from
// Sarraf's, as a third party would), takes test cards on its payment page, moves each order through
// the provider's statuses on a clock, and sends ES256-signed webhooks that it retries until the
// merchant accepts them. It can send each webhook more than once, and an order's webhooks newest
// first, on purpose. Nothing here touches balances: Sarraf learns what happened only through the
// provider port (webhooks, or asking for the order), exactly as with the real provider.
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { errorFields } from "../../../platform/logging/logger.ts";
import type { CreateOrderRequest, OnrampProvider, ProviderStatus } from "../provider.ts";
import { sandboxOrders, sandboxWebhooks, type SandboxOrderRow } from "../schema.ts";
import { keptSigner } from "./keys.ts";
import { verifyWebhook, type WebhookSigner } from "../webhook-signature.ts";
import { cardOutcome, type CardOutcome } from "./cards.ts";
import { FINAL, MOVING, nextStep, toOrder } from "./lifecycle.ts";
import type { Deliver, PayResult, SandboxOptions } from "./types.ts";

export type { Deliver, PayResult, SandboxOptions };

export const SANDBOX_BASE = "/onramp/sandbox";
/** How long a claimed webhook is left to its sender before another tick may send it again. */
const LEASE_MS = 30_000;
const RETRY_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export function createSandbox(options: SandboxOptions) {
  const { db, logger, now } = options;
  let signer: Promise<WebhookSigner> | null = null;
  let deliver: Deliver | null = null;

  /** The kept key, loaded (or made) once, again after a failure. */
  function signing(): Promise<WebhookSigner> {
    signer ??= keptSigner(db, now).catch((error: unknown) => {
      signer = null;
      throw error;
    });
    return signer;
  }

  /** Moves an order on and owes the merchant a webhook for it, in one transaction; false if it had moved already. */
  async function move(id: string, from: ProviderStatus[], to: ProviderStatus, set: Partial<SandboxOrderRow> = {}): Promise<boolean> {
    const at = now();
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxOrders)
        .set({ ...set, status: to, updatedAt: at })
        .where(and(eq(sandboxOrders.id, id), inArray(sandboxOrders.status, from)))
        .returning({ id: sandboxOrders.id });
      if (!moved) return false;
      await tx.insert(sandboxWebhooks).values({ orderId: id, status: to, at, deliverAfter: at });
      return true;
    });
  }

  async function find(id: string): Promise<SandboxOrderRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
    return row ?? null;
  }

  const provider: OnrampProvider = {
    name: "sandbox",
    async createOrder(request: CreateOrderRequest) {
      // The same external id again (the merchant lost the first answer): the order made the first time.
      const [made] = await db
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.externalId, request.externalId))
        .orderBy(asc(sandboxOrders.createdAt))
        .limit(1);
      if (made) return { providerOrderId: made.id, paymentUrl: `${SANDBOX_BASE}/pay/${made.id}?lang=${made.locale}` };
      const at = now();
      const [row] = await db
        .insert(sandboxOrders)
        .values({
          externalId: request.externalId,
          asset: request.asset,
          currency: request.currency,
          fiatCents: request.fiatCents,
          cryptoUnits: request.cryptoUnits,
          merchantFeeUnits: request.feeUnits ?? 0n,
          decimals: request.cryptoDecimals,
          locale: request.locale,
          status: "pending",
          expiresAt: new Date(at.getTime() + options.orderTtlMinutes * 60_000),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return { providerOrderId: row!.id, paymentUrl: `${SANDBOX_BASE}/pay/${row!.id}?lang=${request.locale}` };
    },
    async getOrder(providerOrderId) {
      const row = await find(providerOrderId);
      if (!row) throw new Error("sandbox: no such order");
      return toOrder(row);
    },
    async cancelOrder(providerOrderId) {
      await move(providerOrderId, ["pending"], "cancelled", { nextAt: null });
      return provider.getOrder(providerOrderId);
    },
    async verifyWebhook(body) {
      const claims = await verifyWebhook(body, (await signing()).jwks(), now, { maxAgeSeconds: options.webhookMaxAgeSeconds });
      // The sandbox's own webhooks carry no amount (as Swipelux's do not); one signed with an amount is read.
      const delivered = typeof claims.deliveredUnits === "string" && /^\d+$/.test(claims.deliveredUnits) ? BigInt(claims.deliveredUnits) : null;
      return {
        providerOrderId: String(claims.orderId),
        externalId: typeof claims.externalId === "string" ? claims.externalId : null,
        status: claims.status as ProviderStatus,
        deliveredUnits: delivered,
        deliveredAsset: typeof claims.asset === "string" ? claims.asset : null,
        at: new Date(String(claims.at)),
      };
    },
  };

  return {
    provider,
    find,
    jwks: async () => (await signing()).jwks(),
    /** Where the merchant's webhooks go; until set, they wait in the outbox. */
    connect(to: Deliver) {
      deliver = to;
    },

    /** The payment page's card form. */
    async pay(id: string, card: { number: string; expiry: string; cvc: string }): Promise<PayResult> {
      const row = await find(id);
      if (!row) return { kind: "notFound" };
      if (row.status !== "pending" || row.outcome === "challenge") return { kind: "closed" };
      const outcome: CardOutcome = cardOutcome(card, now());
      if (outcome.kind === "invalid") return outcome;
      if (outcome.kind === "decline" || outcome.kind === "retry") {
        const retryAt = outcome.kind === "retry" ? new Date(now().getTime() + options.stepMs) : null;
        return (await move(id, ["pending"], "failed", { outcome: outcome.kind, nextAt: retryAt })) ? { kind: "declined" } : { kind: "closed" };
      }
      if (outcome.kind === "challenge") {
        const [held] = await db
          .update(sandboxOrders)
          .set({ outcome: "challenge", updatedAt: now() })
          .where(and(eq(sandboxOrders.id, id), eq(sandboxOrders.status, "pending")))
          .returning({ id: sandboxOrders.id });
        return held ? { kind: "challenge" } : { kind: "closed" };
      }
      return (await paid(id, ["pending"], outcome.kind)) ? { kind: "accepted" } : { kind: "closed" };
    },

    /** The 3-D Secure page's answer. */
    async authenticate(id: string, approve: boolean): Promise<PayResult> {
      const row = await find(id);
      if (!row) return { kind: "notFound" };
      if (row.status !== "pending" || row.outcome !== "challenge") return { kind: "closed" };
      if (!approve) return (await move(id, ["pending"], "failed", { nextAt: null })) ? { kind: "declined" } : { kind: "closed" };
      return (await paid(id, ["pending"])) ? { kind: "accepted" } : { kind: "closed" };
    },

    async cancel(id: string): Promise<boolean> {
      return move(id, ["pending"], "cancelled", { nextAt: null });
    },

    /** One round of the clock: orders due move on, unpaid ones expire, owed webhooks go out. */
    async tick(): Promise<void> {
      const at = now();
      const due = await db
        .select({ id: sandboxOrders.id, status: sandboxOrders.status, outcome: sandboxOrders.outcome })
        .from(sandboxOrders)
        .where(
          or(
            and(lte(sandboxOrders.nextAt, at), inArray(sandboxOrders.status, MOVING)),
            and(eq(sandboxOrders.status, "pending"), lte(sandboxOrders.expiresAt, at)),
          ),
        )
        .limit(100);
      for (const row of due) {
        const next = row.status === "pending" ? { to: "expired" as const, more: false } : nextStep(row.status, row.outcome);
        if (next) await move(row.id, [row.status], next.to, { nextAt: next.more ? new Date(at.getTime() + options.stepMs) : null });
        else await db.update(sandboxOrders).set({ nextAt: null }).where(eq(sandboxOrders.id, row.id));
      }
      await sendOwed();
    },
  };

  async function paid(id: string, from: ProviderStatus[], outcome: "success" | "refund" | "chargeback" = "success"): Promise<boolean> {
    return move(id, from, "paid", { outcome, nextAt: new Date(now().getTime() + options.stepMs) });
  }

  /** Claims the webhooks due (a lease, so two processes never send the same one at once), then sends them. */
  async function sendOwed(): Promise<void> {
    if (!deliver || options.copies === 0) return;
    const at = now();
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: sandboxWebhooks.id,
          orderId: sandboxWebhooks.orderId,
          status: sandboxWebhooks.status,
          at: sandboxWebhooks.at,
          attempts: sandboxWebhooks.attempts,
        })
        .from(sandboxWebhooks)
        .innerJoin(sandboxOrders, eq(sandboxOrders.id, sandboxWebhooks.orderId))
        .where(
          and(
            isNull(sandboxWebhooks.deliveredAt),
            lte(sandboxWebhooks.deliverAfter, at),
            // Reversed: an order's webhooks wait until it is final, then go newest first.
            options.order === "reversed" ? inArray(sandboxOrders.status, FINAL) : sql`true`,
          ),
        )
        .orderBy(options.order === "reversed" ? desc(sandboxWebhooks.id) : asc(sandboxWebhooks.id))
        .limit(50)
        .for("update", { of: sandboxWebhooks, skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(sandboxWebhooks)
          .set({ deliverAfter: new Date(at.getTime() + LEASE_MS), attempts: sql`${sandboxWebhooks.attempts} + 1` })
          .where(
            inArray(
              sandboxWebhooks.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows;
    });
    for (const row of claimed) {
      const order = await find(row.orderId);
      if (!order) continue;
      let accepted = false;
      try {
        const signed = await (
          await signing()
        ).sign({
          orderId: order.id,
          externalId: order.externalId,
          status: row.status,
          // No amount, as Swipelux's success webhook has none: the merchant looks the order up.
          at: row.at.toISOString(),
        });
        for (let copy = 0; copy < options.copies; copy++) accepted = (await deliver!(signed)) || accepted;
      } catch (error) {
        logger.warn("onramp.sandbox.webhookFailed", errorFields(error));
      }
      const retryIn = RETRY_MS[Math.min(row.attempts, RETRY_MS.length - 1)]!;
      await db
        .update(sandboxWebhooks)
        .set(accepted ? { deliveredAt: now() } : { deliverAfter: new Date(now().getTime() + retryIn) })
        .where(eq(sandboxWebhooks.id, row.id));
    }
  }
}

export type Sandbox = ReturnType<typeof createSandbox>;
