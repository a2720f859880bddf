// Contact and newsletter's machines' vocabulary. Request and answer shapes are the contract's.
import type { ContactFields, FormToken, SubscriptionAnswer, SubscriptionState } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export type { ContactFields, FormToken, SubscriptionAnswer, SubscriptionState };

/** The contact form as sent: the fields a person fills, and the honeypot as the page found it. */
export interface ContactDraft {
  fields: ContactFields;
  honeypot: string;
}

export type ContactFailure = Failure<"start" | "send">;

export interface ContactContext {
  /** The start token of the form on screen (/contactus/start). */
  formToken: FormToken | null;
  draft: ContactDraft | null;
  failure: ContactFailure | null;
  /** How long to hold a send the server found too quick (its retryAfter), or after a new token. */
  holdMs: number;
}

export type ContactEvent =
  | ({ type: "contact.submit" } & ContactDraft)
  /** The form's token could not be fetched: ask again. */
  | { type: "contact.retry" }
  /** After a message was sent: a new, empty form. */
  | { type: "contact.another" };

/** `opening`, `openFailed`, `form` (with `busy` while sending or held), `sent`. */
export type ContactTag = "opening" | "openFailed" | "form" | "busy" | "sent";

export type NewsletterFailure = Failure<"subscribe">;

export interface NewsletterContext {
  failure: NewsletterFailure | null;
  /** The address the last sign-up went to, for the "check your inbox" text. */
  email: string | null;
}

export type NewsletterEvent = { type: "newsletter.subscribe"; email: string; honeypot: string } | { type: "newsletter.again" };

/** `form` (with `busy`), `sent`. */
export type NewsletterTag = "form" | "busy" | "sent";

/** What the link page does with the e-mailed token. */
export type LinkAction = "confirm" | "unsubscribe";
export interface LinkInput {
  action: LinkAction;
  /** The token from the address bar; null when the link came without one. */
  token: string | null;
}

export type LinkFailure = Failure<"link">;

export interface LinkContext extends LinkInput {
  state: SubscriptionState | null;
  failure: LinkFailure | null;
}

export type LinkEvent = { type: "link.retry" };

/** `working`, `done`, `failed` (with `retryable` when trying again may help). */
export type LinkTag = "working" | "done" | "failed" | "retryable";
