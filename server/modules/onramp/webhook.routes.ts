// The provider's webhook route: the only way in for a provider's news besides asking it.
import { Hono } from "hono";
import { limitBody } from "../../platform/http/body-limit.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import type { Onramp } from "./service.ts";
import { WebhookRejected } from "./webhook-signature.ts";

export const WEBHOOK_PATH = "/webhooks/onramp";
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * The provider's webhook: verified by its signature, then settled (once, whatever arrives twice or
 * late). A forged or expired delivery is refused with nothing changed; an error of ours answers
 * 500, so the provider sends it again.
 */
export function onrampWebhookRoutes(s: { logger: Logger; onramp: Pick<Onramp, "orders" | "provider"> }) {
  const app = new Hono<AppEnv>();
  // A declared length over the limit is refused unread; a chunked body is cut off at the limit.
  const limit = limitBody(WEBHOOK_MAX_BYTES, (c) => c.json({ received: false }, 413));
  app.post(WEBHOOK_PATH, limit, async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ received: false }, 400);
    }
    let event;
    try {
      event = await s.onramp.provider.verifyWebhook(body);
    } catch (error) {
      if (error instanceof WebhookRejected) {
        s.logger.warn("onramp.webhookRejected", { reason: error.reason });
        return c.json({ received: false }, 401);
      }
      throw error;
    }
    try {
      const order = await s.onramp.orders.settle(event);
      if (!order) s.logger.warn("onramp.webhookUnknownOrder", { provider: s.onramp.provider.name });
    } catch (error) {
      s.logger.error("onramp.settleFailed", errorFields(error));
      return c.json({ received: false }, 500);
    }
    return c.json({ received: true });
  });
  return app;
}
