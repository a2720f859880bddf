// What other features may use of auth: the providers' display names.
export { providerNames } from "./social.ts";
