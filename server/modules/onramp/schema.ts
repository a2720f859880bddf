// The on-ramp's tables: Sarraf's card-buy orders with their timelines, and the sandbox provider's
// own state (its orders, the webhooks it owes, its signing key) — the sandbox keeps apart from the
// orders exactly as a third party would, and talks to them only through the provider port.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys, assetKeys } from "../../platform/db/keys.ts";
import type { OrderStatus, OrderStep } from "../../../contract/index.ts";
import type { ProviderStatus } from "./provider.ts";

const units = (name: string) => numeric(name, { precision: 40, scale: 0, mode: "bigint" });

export const onrampOrders = pgTable(
  "onramp_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Orders are money records: a user with orders cannot be deleted out from under them.
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "restrict" }),
    /** The client's key: one order per key per user; requestHash refuses the key for another order. */
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    provider: text("provider").$type<"sandbox" | "swipelux">().notNull(),
    providerOrderId: text("provider_order_id"),
    asset: text("asset")
      .notNull()
      .references(() => assetKeys.symbol),
    currency: text("currency").notNull(),
    /** What the card is charged, in cents. */
    fiatCents: units("fiat_cents").notNull(),
    /** The crypto bought before Sarraf's fee, and the fee, in the asset's minor units (the quote until settled). */
    grossUnits: units("gross_units").notNull(),
    feeUnits: units("fee_units").notNull(),
    decimals: integer("decimals").notNull(),
    /** Fiat per one unit of the asset, as quoted (a decimal string). */
    price: text("price").notNull(),
    feeBasisPoints: integer("fee_basis_points").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentUrl: text("payment_url"),
    /**
     * When a caller claimed the right to ask the provider for this order's provider order (a
     * conditional UPDATE: one caller at a time, for a lease); null once released after a failure.
     */
    providerClaimedAt: at("provider_claimed_at"),
    /** When a delivery for this order was held for review instead of credited (see onramp_deliveries_for_review). */
    heldAt: at("held_at"),
    /** Set once, in the transaction that credits the buyer. */
    creditedAt: at("credited_at"),
    /** Set once, in the transaction that reverses that credit (the card payment was refunded or charged back). */
    reversedAt: at("reversed_at"),
    /** What the reversal could not take back from the buyer's balance (spent meanwhile): their debt, in the asset's minor units. */
    debtUnits: units("debt_units"),
    /** When the provider was last asked (the status call asks at most this often). */
    checkedAt: at("checked_at"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("onramp_orders_user_key_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("onramp_orders_provider_order_idx").on(t.provider, t.providerOrderId),
    index("onramp_orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("onramp_orders_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} IN ('pending', 'processing')`),
    check("onramp_orders_status", sql`${t.status} IN ('pending', 'processing', 'completed', 'failed', 'cancelled', 'expired', 'refunded', 'chargedBack')`),
    check("onramp_orders_amounts", sql`${t.fiatCents} > 0 AND ${t.grossUnits} > 0 AND ${t.feeUnits} >= 0 AND ${t.feeUnits} < ${t.grossUnits}`),
    // A completed order is credited; a credit stands only on a completed order or one whose payment
    // was returned, and is reversed exactly when that order is refunded or charged back.
    check(
      "onramp_orders_credited_iff_completed",
      sql`(${t.status} <> 'completed' OR ${t.creditedAt} IS NOT NULL) AND (${t.creditedAt} IS NULL OR ${t.status} IN ('completed', 'refunded', 'chargedBack'))`,
    ),
    check(
      "onramp_orders_reversed_iff_credit_returned",
      sql`(${t.reversedAt} IS NOT NULL) = (${t.creditedAt} IS NOT NULL AND ${t.status} IN ('refunded', 'chargedBack')) AND (${t.debtUnits} IS NULL OR ${t.reversedAt} IS NOT NULL)`,
    ),
  ],
);
export type OnrampOrderRow = typeof onrampOrders.$inferSelect;

export const onrampOrderSteps = pgTable(
  "onramp_order_steps",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => onrampOrders.id, { onDelete: "cascade" }),
    step: text("step").$type<OrderStep>().notNull(),
    at: at("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.step] })],
);

/**
 * What the provider says it delivered that Sarraf did not credit: a completion for a provider order
 * no order follows, a second payment for an order already settled, a delivery in another asset
 * than the order's, of nothing, or outside the tolerance of the quote. Kept for a person to resolve
 * (and alerted in the log); one row per provider order and reason, however often the news arrives.
 */
export const onrampDeliveriesForReview = pgTable(
  "onramp_deliveries_for_review",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").$type<"sandbox" | "swipelux">().notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    /** The Sarraf order it belongs to, when it could be matched. */
    orderId: uuid("order_id").references(() => onrampOrders.id, { onDelete: "restrict" }),
    externalId: text("external_id"),
    reason: text("reason").$type<DeliveryReviewReason>().notNull(),
    status: text("status").$type<ProviderStatus>().notNull(),
    /** The asset and amount the provider says it delivered (null when it did not say). */
    asset: text("asset"),
    deliveredUnits: units("delivered_units"),
    at: at("at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    resolvedAt: at("resolved_at"),
  },
  (t) => [uniqueIndex("onramp_deliveries_for_review_once_idx").on(t.provider, t.providerOrderId, t.reason, t.status)],
);
/**
 * unknownOrder: no Sarraf order has it; notFollowed: the order was credited through another provider
 * order (paid twice), or is held; otherAsset, nothingDelivered, outsideTolerance: the delivery itself
 * does not fit the order (the order is held). The provider's lifecycle, for an operator to see:
 * transitionApplied: a final status followed by another that was acted on (a success after a
 * failure credited; a refund or chargeback after a credit reversed it); transitionIgnored: one
 * that was not (a failure after a credit, a success after a refund, a second reversal, a reversal
 * of an order never credited or held); reversalLeftDebt: a reversal that could not take the whole
 * credit back (the buyer had spent it) and left the rest as the buyer's debt.
 */
export type DeliveryReviewReason =
  "unknownOrder" | "notFollowed" | "otherAsset" | "nothingDelivered" | "outsideTolerance" | "transitionApplied" | "transitionIgnored" | "reversalLeftDebt";

/**
 * What the sandbox's card decided: success, decline and challenge as named; retry declines, then the
 * provider's retry goes through; refund and chargeback succeed, then the payment is returned.
 */
export type SandboxCardOutcome = "success" | "decline" | "challenge" | "retry" | "refund" | "chargeback";

/** The sandbox provider's orders: what a payment page shows and what its webhooks say. */
export const sandboxOrders = pgTable(
  "onramp_sandbox_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    externalId: text("external_id").notNull(),
    asset: text("asset").notNull(),
    currency: text("currency").notNull(),
    fiatCents: units("fiat_cents").notNull(),
    cryptoUnits: units("crypto_units").notNull(),
    /** The merchant's (Sarraf's) fee out of cryptoUnits, shown on the page beside what the buyer receives. */
    merchantFeeUnits: units("merchant_fee_units")
      .notNull()
      .default(sql`0`),
    decimals: integer("decimals").notNull(),
    locale: text("locale").$type<"en" | "ar">().notNull(),
    status: text("status").$type<ProviderStatus>().notNull(),
    /** What the card decided, once entered: the next steps follow it. */
    outcome: text("outcome").$type<SandboxCardOutcome>(),
    /** When the order moves on by itself (paid → processing → completed). */
    nextAt: at("next_at"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("onramp_sandbox_orders_external_idx").on(t.externalId),
    index("onramp_sandbox_orders_next_idx")
      .on(t.nextAt)
      .where(sql`${t.nextAt} IS NOT NULL`),
  ],
);
export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

/** Webhooks the sandbox owes the merchant, sent in order (or not, on purpose) and retried until accepted. */
export const sandboxWebhooks = pgTable(
  "onramp_sandbox_webhooks",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: "cascade" }),
    status: text("status").$type<ProviderStatus>().notNull(),
    at: at("at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    deliverAfter: at("deliver_after").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
  },
  (t) => [
    index("onramp_sandbox_webhooks_due_idx")
      .on(t.deliverAfter)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** The sandbox's webhook signing key: kept, so a restart signs as before and old deliveries still verify. */
export const sandboxKeys = pgTable("onramp_sandbox_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});
