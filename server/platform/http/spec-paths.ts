/** Every POST path under /api/v1 that spec section 7 lists, so unbuilt ones can answer 501. */
export const SPEC_PATHS = [
  // Public
  "/contactus/add",
  "/blog/get-blog-withFilter",
  "/subscriber/add",
  // Session
  "/user/login",
  "/user/logout",
  "/user/sendotp",
  "/user/verifyotp",
  "/user/signup",
  "/user/forgotPassword",
  "/user/resetpassword",
  "/user/social-login",
  // Profile
  "/user/get-profile-by-id",
  "/user/update-profile",
  "/user/uploadProfileImage",
  "/file/add",
  "/user/set-password",
  "/user/changepassword",
  // Market
  "/user/dashboard-market-info",
  "/currency/list",
  "/user/get-price",
  "/user/add-fav-token",
  // Trading
  "/user/buy-sell-report",
  "/user/transactions-history",
  "/user/swipelux/sendOrder",
  "/user/swipelux/status",
  "/user/sell/sendOrder",
  // KYC
  "/user/check-kyc-verification",
  "/user/kyc/details",
  // Withdrawals
  "/user/vault/withdraw",
  "/withdraw/list",
  "/withdraw/add",
  "/withdraw/update",
  "/withdraw/delete",
] as const;

export type SpecPath = (typeof SPEC_PATHS)[number];
