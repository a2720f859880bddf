import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AuthEmitted } from "../../../../machines/auth/auth.types.ts";
import { notifySuccess } from "../../../shared/adapters/notify.ts";
import { providerNames } from "../social.ts";

type Notice = Extract<AuthEmitted, { type: "auth.notice" }>;

/** The auth machine says what happened; the user reads it as a toast in the active language. */
export function showAuthNotice({ notice, email = "", provider }: Notice): void {
  const name = provider ? providerNames[provider] : "";
  const text = {
    socialCancelled: msg`The ${name} sign-in was cancelled: a newer request replaced it.`,
    idleLogout: msg`You were logged out after 15 minutes without activity.`,
    codeSent: msg`We e-mailed a 6-digit code to ${email}.`,
    verifyEmailFirst: msg`Verify your e-mail to log in: enter the code we sent, or ask for a new one.`,
    passwordReset: msg`Your password has been changed. Log in with your new password.`,
    welcome: msg`Welcome to Sarraf.`,
    signedOut: msg`You have logged out.`,
    passwordNotKept: msg`Your e-mail is verified, but the password you chose at sign-up could not be kept. Set a password now.`,
  }[notice];
  notifySuccess(i18n._(text), `auth-${notice}`);
}
