import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AuthEmitted, AuthNotice } from "../../../../machines/auth/auth.types.ts";
import { isolateLtr } from "../../../shared/i18n/bidi.ts";
import { dismissNotices, notifySuccess } from "../../../shared/adapters/notify.ts";
import { providerNames } from "../social.ts";

type Notice = Extract<AuthEmitted, { type: "auth.notice" }>;

const toastId = (notice: AuthNotice) => `auth-${notice}`;

/**
 * Toasts about a flow under way (a code sent, a reset done) and the "please log in" of an ended
 * session (src/app/createActors.ts): stale once the user is signed in, or has signed out.
 */
const flowToasts = [...(["codeSent", "verifyEmailFirst", "passwordReset", "socialCancelled"] as const).map(toastId), "unauthorized"];

/** The auth machine says what happened; the user reads it as a toast in the active language. */
export function showAuthNotice({ notice, email: address = "", provider }: Notice): void {
  const name = provider ? providerNames[provider] : "";
  // Left to right and in one piece inside an Arabic sentence.
  const email = isolateLtr(address);
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
  if (notice === "welcome" || notice === "signedOut") dismissNotices(flowToasts);
  notifySuccess(i18n._(text), toastId(notice));
}
