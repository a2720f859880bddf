// Contact and newsletter's tables: the messages people send, the newsletter's subscribers, the
// tokens of the links e-mailed to them (stored only as SHA-256 hashes), and the key that signs
// contact forms' start tokens. Client addresses are kept only as hashes, for the rate limits.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import type { Locale } from "../../../contract/index.ts";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    /** SHA-256 of the client's address: counted by the per-address limit, never shown. */
    addressHash: text("address_hash").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("contact_messages_address_idx").on(t.addressHash, t.createdAt),
    index("contact_messages_email_idx").on(t.email, t.createdAt),
    check("contact_messages_locale", sql`${t.locale} IN ('en', 'ar')`),
  ],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** pending (asked, not confirmed) → active (confirmed) → unsubscribed; subscribing again starts over. */
export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    status: text("status").$type<SubscriberStatus>().notNull(),
    /** The language of its mails: the request's that subscribed. */
    locale: text("locale").$type<Locale>().notNull(),
    createdAt: at("created_at").notNull(),
    confirmedAt: at("confirmed_at"),
    unsubscribedAt: at("unsubscribed_at"),
  },
  (t) => [
    check("newsletter_subscribers_status", sql`${t.status} IN ('pending', 'active', 'unsubscribed')`),
    check("newsletter_subscribers_locale", sql`${t.locale} IN ('en', 'ar')`),
  ],
);
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/**
 * Every mail sent to an address through the newsletter (a confirmation link, an "already
 * subscribed" note, a welcome, an issue): the per-address and per-e-mail limits count these rows.
 */
export const newsletterMails = pgTable(
  "newsletter_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The client that asked for it (hashed); null for mails nobody asked for (an issue). */
    addressHash: text("address_hash"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("newsletter_mails_subscriber_idx").on(t.subscriberId, t.createdAt), index("newsletter_mails_address_idx").on(t.addressHash, t.createdAt)],
);

export const newsletterTokens = pgTable(
  "newsletter_tokens",
  {
    /** SHA-256 of the link's token. */
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"confirm" | "unsubscribe">().notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("newsletter_tokens_subscriber_idx").on(t.subscriberId), check("newsletter_tokens_purpose", sql`${t.purpose} IN ('confirm', 'unsubscribe')`)],
);
export type NewsletterTokenRow = typeof newsletterTokens.$inferSelect;

/**
 * One row per issue and subscriber, written (status sending) before the mail is handed to the port:
 * its key is what makes `ops:newsletter send` send each issue to each subscriber at most once, across
 * re-runs, crashes and concurrent runs. sent: the port accepted it; failed: the port refused it (the
 * next run tries again); sending: claimed by a run that has not finished it, or that stopped before
 * it knew (left alone: it may have gone out). Kept for good: the issues' history.
 */
export const DELIVERY_STATUSES = ["sending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueSlug: text("issue_slug").notNull(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: text("status").$type<DeliveryStatus>().notNull(),
    /** The issue's language the mail was in (the subscriber's, or English when the issue has no file in theirs). */
    locale: text("locale").$type<Locale>().notNull(),
    attempts: integer("attempts").notNull().default(1),
    claimedAt: at("claimed_at").notNull(),
    sentAt: at("sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.issueSlug, t.subscriberId] }),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
    check("newsletter_deliveries_status", sql`${t.status} IN ('sending', 'sent', 'failed')`),
    check("newsletter_deliveries_locale", sql`${t.locale} IN ('en', 'ar')`),
  ],
);
export type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

/** The secret that signs contact forms' start tokens: made once by the first server that needs it, shared by every process. */
export const contactFormKeys = pgTable(
  "contact_form_keys",
  {
    id: integer("id").primaryKey(),
    secret: text("secret").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [check("contact_form_keys_one", sql`${t.id} = 1`)],
);
