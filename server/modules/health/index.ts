// What the composition root mounts of health: the liveness probe's handler.
export { healthHandlers } from "./routes.ts";
