// What the composition root mounts of the on-ramp.
export { createOnramp, type Onramp } from "./service.ts";
export { onrampHandlers } from "./routes.ts";
export { onrampWebhookRoutes, WEBHOOK_PATH } from "./webhook.routes.ts";
export { sandboxRoutes } from "./sandbox/routes.ts";
