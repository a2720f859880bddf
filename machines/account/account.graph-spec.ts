// Samples the statechart tools drive the account machine with (npm run paths, npm test). Only
// the tools import this file: test data never reaches the app's bundle.
import { profileWith } from "../auth/auth.fixtures.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { AccountEvent } from "./account.types.ts";

const renamed = profileWith({ fullName: "Renamed Trader" });
const apiError = (code: string, reason: string) => ({ code, message: "server message", data: { reason } });

export const accountGraphSpec: MachineGraphSpec<undefined, AccountEvent> = {
  events: [
    { type: "account.updateProfile", fullName: "Renamed Trader" },
    { type: "account.changePassword", currentPassword: "correct horse battery", newPassword: "a brand new passphrase" },
    { type: "account.setPassword", password: "a brand new passphrase" },
    { type: "account.dismiss" },
  ],
  actors: {
    updateProfile: { done: [renamed], error: [apiError("badRequest", "validation")] },
    changePassword: { done: [null], error: [apiError("badRequest", "currentPasswordWrong")] },
    setPassword: { done: [renamed], error: [apiError("conflict", "passwordAlreadySet")] },
  },
};
