// What the composition root mounts of withdrawals.
export { createWithdrawals, type Withdrawals } from "./service.ts";
export type { KycGate, WithdrawalsDeps } from "./deps.ts";
export { withdrawalHandlers } from "./routes.ts";
export { withdrawLinkRoutes } from "./pages.ts";
export { withdrawalHistory } from "./history.ts";
export { devWithdrawClock, devWithdrawRoutes } from "./dev.ts";
export { operatorFreezes, type FreezeStatus, type Freezes } from "./freezes.ts";
