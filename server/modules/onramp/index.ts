// What the composition root mounts of the on-ramp.
export { createOnramp, type Onramp } from "./service.ts";
export { onrampHandlers, onrampWebhookRoutes, WEBHOOK_PATH } from "./routes.ts";
export { sandboxRoutes } from "./sandbox/routes.ts";
