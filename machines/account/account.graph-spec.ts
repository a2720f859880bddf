// Samples the statechart tools drive the account machine with (npm run paths, npm test). Only
// the tools import this file: test data never reaches the app's bundle.
import type { Profile } from "../../contract/index.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { AccountEvent } from "./account.types.ts";

const profile: Profile = {
  id: "u-1",
  email: "trader@example.com",
  fullName: "Renamed Trader",
  emailVerified: true,
  hasPassword: true,
  providers: [],
  createdAt: "2026-01-02T03:04:05.000Z",
};
const apiError = (code: string, reason: string) => ({ code, message: "server message", data: { reason } });

export const accountGraphSpec: MachineGraphSpec<undefined, AccountEvent> = {
  events: [
    { type: "account.updateProfile", fullName: "Renamed Trader" },
    { type: "account.changePassword", currentPassword: "correct horse battery", newPassword: "a brand new passphrase" },
    { type: "account.setPassword", password: "a brand new passphrase" },
    { type: "account.dismiss" },
  ],
  actors: {
    updateProfile: { done: [profile], error: [apiError("badRequest", "validation")] },
    changePassword: { done: [null], error: [apiError("badRequest", "currentPasswordWrong")] },
    setPassword: { done: [profile], error: [apiError("conflict", "passwordAlreadySet")] },
  },
};
