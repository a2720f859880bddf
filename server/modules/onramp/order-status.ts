// How the provider's words map onto an order's status and timeline, and which statuses come later.
import type { OrderStatus, OrderStep } from "../../../contract/index.ts";
import type { ProviderStatus } from "./provider.ts";

/** Provider status → Sarraf's status and the timeline step it adds. */
export const MAPPING: Record<ProviderStatus, { status: OrderStatus; step: OrderStep }> = {
  pending: { status: "pending", step: "created" },
  paid: { status: "processing", step: "paid" },
  processing: { status: "processing", step: "processing" },
  completed: { status: "completed", step: "completed" },
  failed: { status: "failed", step: "failed" },
  cancelled: { status: "cancelled", step: "cancelled" },
  expired: { status: "expired", step: "expired" },
  refunded: { status: "refunded", step: "refunded" },
  chargedBack: { status: "chargedBack", step: "chargedBack" },
};
/** How far along each status is: an open order moves only to a later rank; a reversal comes after everything. */
export const RANK: Record<OrderStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2, cancelled: 2, expired: 2, refunded: 3, chargedBack: 3 };

/** The idempotency key was used for another request. */
export class OrderConflict extends Error {}
/** The provider could not take the order; nothing was charged. */
export class OrderUnavailable extends Error {}
