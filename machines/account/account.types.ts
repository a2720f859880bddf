// The account machine's vocabulary. Request and answer shapes are the contract's.
import type { ChangePasswordBody, Profile, SetPasswordBody } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export type { Profile };

/** Which form a failure belongs to. */
export type AccountFlow = "updateProfile" | "changePassword" | "setPassword";
export type AccountFailure = Failure<AccountFlow>;

export interface AccountContext {
  /** The last failed call, tagged with its form. */
  error: AccountFailure | null;
}

export type AccountEvent =
  | { type: "account.updateProfile"; fullName: string }
  | ({ type: "account.changePassword" } & ChangePasswordBody)
  | ({ type: "account.setPassword" } & SetPasswordBody)
  /** A form opened: a failure another visit left behind is not shown again. */
  | { type: "account.dismiss" };

/** Tags views read: `loading` while any call runs, and which form's call it is. */
export type AccountTag = "loading" | AccountFlow;

/** Successes worth telling the user; the app shows them translated, forms clear themselves on them. */
export type AccountNotice = "profileSaved" | "passwordChanged" | "passwordSet";
export type AccountEmitted = { type: "account.notice"; notice: AccountNotice };
