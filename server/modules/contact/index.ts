// What the composition root mounts of contact and newsletter, and the newsletter's sender.
export { contactHandlers, createContact, type Contact } from "./routes.ts";
export type { ContactDeps } from "./deps.ts";
export { CONTACT, NEWSLETTER } from "./limits.ts";
export { pruneNewsletterRows } from "./prune.ts";
