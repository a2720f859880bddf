// What the composition root mounts of account: the handlers of the profile routes.
export { profileHandlers } from "./routes.ts";
