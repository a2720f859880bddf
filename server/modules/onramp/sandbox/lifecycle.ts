// How a sandbox order moves on by itself, one step every ONRAMP_SANDBOX_STEP_MS, as Swipelux's do:
// paid → processing → completed; a card declined at first (the retry card) fails, then the
// provider's retry goes through (failed → completed); a payment later returned (the refund and
// chargeback cards) completes, then is refunded or charged back.
import type { ProviderOrder, ProviderStatus } from "../provider.ts";
import type { SandboxCardOutcome, SandboxOrderRow } from "../schema.ts";

/** A sandbox order as the provider port answers it: what was delivered only while completed (a refund takes it back). */
export const toOrder = (row: SandboxOrderRow): ProviderOrder => ({
  providerOrderId: row.id,
  externalId: row.externalId,
  status: row.status,
  deliveredUnits: row.status === "completed" ? row.cryptoUnits : null,
  deliveredAsset: row.status === "completed" ? row.asset : null,
  at: row.updatedAt,
});

/** The statuses an order may move on from by itself, once its next step is due. */
export const MOVING: ProviderStatus[] = ["paid", "processing", "failed", "completed"];

/** After which an order's webhooks may go out newest first (ONRAMP_SANDBOX_WEBHOOK_ORDER=reversed). */
export const FINAL: ProviderStatus[] = ["completed", "failed", "cancelled", "expired", "refunded", "chargedBack"];

/** The next status of a due order, and whether another step follows it; null when it stays. */
export function nextStep(status: ProviderStatus, outcome: SandboxCardOutcome | null): { to: ProviderStatus; more: boolean } | null {
  const returned = outcome === "refund" || outcome === "chargeback";
  switch (status) {
    case "paid":
      return { to: "processing", more: true };
    case "processing":
      return { to: "completed", more: returned };
    case "failed":
      return outcome === "retry" ? { to: "completed", more: false } : null;
    case "completed":
      return outcome === "refund" ? { to: "refunded", more: false } : outcome === "chargeback" ? { to: "chargedBack", more: false } : null;
    default:
      return null;
  }
}
