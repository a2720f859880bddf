import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AccountEmitted } from "../../../../machines/account/account.types.ts";
import { notifySuccess } from "../../../shared/adapters/notify.ts";

/** The account machine says what was saved; the user reads it as a toast in the active language. */
export function showAccountNotice({ notice }: AccountEmitted): void {
  const text = {
    profileSaved: msg`Your profile has been saved.`,
    passwordChanged: msg`Password changed. Your other sessions have been signed out.`,
    passwordSet: msg`Password set. You can now log in with it too.`,
  }[notice];
  // The id keeps the toast the auth machine raised for these before they moved here.
  notifySuccess(i18n._(text), `auth-${notice}`);
}
