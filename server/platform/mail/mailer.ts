import type { Locale } from "../i18n/index.ts";

export type MailKind =
  | "signup"
  | "signupExisting"
  | "signin"
  | "reset"
  | "onrampReversed"
  | "withdrawAddress"
  | "withdrawCode"
  | "withdrawCompleted"
  | "withdrawFailed"
  | "withdrawUnfrozen"
  | "contactMessage"
  | "contactReceipt"
  | "newsletterConfirm"
  | "newsletterAlready"
  | "newsletterWelcome"
  | "newsletterIssue";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  locale: Locale;
  /** Where a reply goes (a contact message's sender), when not to the sender. */
  replyTo?: string;
  /** A newsletter mail's one-click unsubscribe address: List-Unsubscribe, with List-Unsubscribe-Post (RFC 8058), so it must take that POST. */
  listUnsubscribe?: string;
}

/** The mail port: adapters deliver, or fail by rejecting. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The adapter the app runs with; the dev mailbox page exists only over the outbox. */
export interface MailService {
  kind: "outbox" | "smtp";
  /** Takes a message for delivery after the response: send() resolves at once. */
  mailer: Mailer;
  /** Resolves once every message taken so far has been delivered or has failed (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for messages still being handed over, then releases connections. */
  close(): Promise<void>;
}
