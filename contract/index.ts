// The contract shared by machines/, src/ and server/: pure TypeScript + zod, no React, DOM,
// Node or storage (lint enforces it).
export * from "./account.ts";
export * from "./analytics.ts";
export * from "./auth.ts";
export * from "./blog.ts";
export * from "./fields.ts";
export * from "./files.ts";
export {
  isReason,
  reasonStatus,
  type DataOf,
  type Failure,
  type FailureBody,
  type FailureFields,
  type FailureStatus,
  type Reason,
  type ReasonData,
  type ValidationData,
} from "./failures.ts";
export type { AnyReason, IsSessionRoute, PlainStatusOf, ReasonOf, RoutesWithReason } from "./routeFailures.ts";
export * from "./kyc.ts";
export * from "./contact.ts";
export * from "./legal.ts";
export * from "./market.ts";
export * from "./money.ts";
export * from "./notifications.ts";
export * from "./onramp.ts";
export * from "./portfolio.ts";
export * from "./pnl.ts";
export * from "./routes.ts";
export * from "./trading.ts";
export * from "./pages.ts";
export * from "./withdrawals.ts";
