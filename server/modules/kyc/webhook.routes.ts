// The identity provider's webhook: verified by its signature over the raw body, then settled
// once. A forged delivery is refused with nothing changed; a repeat or a late one settles nothing;
// an error of ours answers 500 so the provider sends it again.
import { Hono } from "hono";
import type { AppEnv } from "../../platform/http/types.ts";
import { errorFields, type Logger } from "../../platform/logging/logger.ts";
import { WebhookRejected } from "./provider.ts";
import type { Kyc } from "./service.ts";

export const KYC_WEBHOOK_PATH = "/webhooks/kyc";

export function kycWebhookRoutes(s: { logger: Logger; kyc: Pick<Kyc, "provider" | "applications"> }) {
  const app = new Hono<AppEnv>();
  const verify = s.kyc.provider.verifyWebhook;
  // The sandbox decides on its own schedule: it has no webhook to receive.
  if (!verify) return app;
  app.post(KYC_WEBHOOK_PATH, async (c) => {
    const raw = await c.req.text();
    let review;
    try {
      review = verify(raw, c.req.raw.headers);
    } catch (error) {
      if (error instanceof WebhookRejected) {
        s.logger.warn("kyc.webhookRejected", { reason: error.reason });
        return c.json({ received: false }, 401);
      }
      throw error;
    }
    if (!review) return c.json({ received: true });
    try {
      const settled = await s.kyc.applications.settle(review);
      if (!settled) s.logger.info("kyc.webhookSettledNothing", { provider: s.kyc.provider.name });
    } catch (error) {
      s.logger.error("kyc.settleFailed", errorFields(error));
      return c.json({ received: false }, 500);
    }
    return c.json({ received: true });
  });
  return app;
}
