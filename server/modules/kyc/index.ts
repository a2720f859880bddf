// What the composition root mounts of identity verification, and the gates other modules use
// (withdrawals: requireKycApproved; the on-ramp's card-buy threshold: kycStatus through the root).
export { createKyc, type Kyc } from "./service.ts";
export { kycHandlers, type KycRouteDeps } from "./routes.ts";
export { kycWebhookRoutes, KYC_WEBHOOK_PATH } from "./webhook.routes.ts";
export { kycStatus, requireKycApproved, KycNotApproved, type KycState } from "./applications.ts";
export { SANDBOX_RULES, sandboxDecision } from "./sandbox.ts";
export type { KycProvider, Review } from "./provider.ts";
export type { PhotoSource } from "./sumsub.ts";
export { photosFrom } from "./photos.ts";
