// What the composition root mounts of the on-ramp.
export { createOnramp, type Onramp } from "./service.ts";
export { mailReversalNotices } from "./notice.ts";
export { onrampHandlers, type OnrampRouteDeps } from "./routes.ts";
export { cancelHandlers } from "./cancel.ts";
export { buyHistory } from "./buy-orders.ts";
export { onrampWebhookRoutes, WEBHOOK_PATH } from "./webhook.routes.ts";
export { sandboxRoutes } from "./sandbox/routes.ts";
