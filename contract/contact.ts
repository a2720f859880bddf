// Contact and newsletter (spec section 7: /contactus/add, /subscriber/add; issue 28): the bodies
// the forms check and the server validates, one schema each.
import { z } from "zod";
import { emailField, nameField, textError } from "./fields.ts";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  HONEYPOT_FIELD,
  SUBSCRIPTION_STATES,
} from "./contactVocabulary.ts";

export * from "./contactVocabulary.ts";

// Control characters other than tab and line feed never belong in a message (the server's JSON
// reader refuses them too: server/platform/http/json-body.ts); none at all in a one-line field.
const isControl = (unit: number) => unit < 0x20 || (unit >= 0x7f && unit <= 0x9f);
const hasControl = (value: string, lines: boolean) =>
  [...value].some((char) => {
    const unit = char.charCodeAt(0);
    return isControl(unit) && !(lines && (unit === 0x09 || unit === 0x0a));
  });

const oneLine = (field: z.ZodString) => field.refine((value) => !hasControl(value, false), { error: "field.controlCharacters" });

const subjectField = oneLine(
  z.string({ error: textError() }).trim().min(1, { error: "field.required" }).max(CONTACT_SUBJECT_MAX_LENGTH, { error: "subject.tooLong" }),
);

const messageField = z
  .string({ error: textError() })
  .trim()
  .min(1, { error: "field.required", abort: true })
  .min(CONTACT_MESSAGE_MIN_LENGTH, { error: "message.tooShort" })
  .max(CONTACT_MESSAGE_MAX_LENGTH, { error: "message.tooLong" })
  .refine((value) => !hasControl(value, true), { error: "field.controlCharacters" });

/** The honeypot as sent: absent or empty from people; anything else is a robot's. */
const honeypot = z.string({ error: textError() }).max(1000, { error: "field.invalid" }).optional();

/** What the contact page's form checks before sending: the fields a person fills. */
export const contactFieldsSchema = z.strictObject({
  name: oneLine(nameField),
  email: emailField,
  subject: subjectField,
  message: messageField,
});
export type ContactFields = z.input<typeof contactFieldsSchema>;

/** /contactus/add: the fields, the form's start token (/contactus/start), and the honeypot. */
export const contactSchema = contactFieldsSchema.extend({
  formToken: z
    .string({ error: textError() })
    .max(200, { error: "field.invalid" })
    .meta({ description: "The token /contactus/start answered when the form was opened." }),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactBody = z.input<typeof contactSchema>;

export const contactStartSchema = z.object({}).loose();
/** A new form's token: it says when the form was opened, signed by the server, so a too quick send is seen. */
export const formTokenSchema = z.object({
  formToken: z.string(),
  /** Seconds that must pass between opening the form and sending it. */
  minSeconds: z.number().int().nonnegative(),
});
export type FormToken = z.output<typeof formTokenSchema>;

export const contactSentSchema = z.object({ received: z.literal(true) });

/** /subscriber/add: the address (and the honeypot); the mails go in the request's language. */
export const subscribeFieldsSchema = z.strictObject({ email: emailField });
export const subscribeSchema = subscribeFieldsSchema.extend({ [HONEYPOT_FIELD]: honeypot });
export type SubscribeBody = z.input<typeof subscribeSchema>;
/**
 * The same answer whatever the address's state, so nobody learns from it who is subscribed: the
 * mailbox's owner learns it from the e-mail (a confirmation link, or "already subscribed").
 */
export const subscribeSentSchema = z.object({ checkInbox: z.literal(true) });

/** A confirm or unsubscribe link's token, as the link carries it. */
export const subscriptionTokenSchema = z.strictObject({
  token: z
    .string({ error: textError() })
    .trim()
    .min(1, { error: "field.required" })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "field.invalid" }),
});
export type SubscriptionTokenBody = z.input<typeof subscriptionTokenSchema>;
export const subscriptionStateSchema = z.object({ state: z.enum(SUBSCRIPTION_STATES) });
export type SubscriptionAnswer = z.output<typeof subscriptionStateSchema>;
