// The sandbox provider's settings and the answers of its payment page.
import type { Db } from "../../../platform/db/open.ts";
import type { Logger } from "../../../platform/logging/logger.ts";
import type { SignedWebhook } from "../webhook-signature.ts";

export interface SandboxOptions {
  db: Db;
  logger: Logger;
  now: () => Date;
  stepMs: number;
  orderTtlMinutes: number;
  copies: number;
  order: "in-order" | "reversed";
  /** The webhook replay window (ONRAMP_WEBHOOK_MAX_AGE_SECONDS; default a day). */
  webhookMaxAgeSeconds?: number;
}

/** Sends one delivery to the merchant; true when it was accepted (2xx). */
export type Deliver = (body: SignedWebhook) => Promise<boolean>;

export type PayResult = { kind: "accepted" | "declined" | "challenge" | "closed" | "notFound" } | { kind: "invalid"; field: "number" | "expiry" | "cvc" };
