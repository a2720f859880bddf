// Contact and newsletter's plain values (no zod): the forms and machines read them before the
// schemas load, and the server's limits quote them.

/** The contact form's bounds, in characters after trimming. */
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * The honeypot: a field people never see or fill (hidden from sight and from assistive
 * technology), named like one a form-filling robot fills. Filled, the request is answered as a
 * success and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = "website";

/** What a confirm or unsubscribe link answers: what happened now, or that it had already happened. */
export const SUBSCRIPTION_STATES = ["confirmed", "alreadyConfirmed", "unsubscribed", "alreadyUnsubscribed"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
