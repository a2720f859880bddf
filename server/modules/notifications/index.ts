// What the composition root mounts of notifications: the push-token handler.
export { pushHandlers } from "./routes.ts";
