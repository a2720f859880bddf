// The platform's own tables; each server module keeps its tables in its own schema.ts, and
// server/drizzle.config.ts reads them all.
import { bigint, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at } from "./columns.ts";

/** The embedded mail stand-in: what would have been sent, for the dev mailbox page. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Insertion order, for "newest first" when two messages share a timestamp.
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    locale: text("locale").notNull(),
    /** The Reply-To of a message that has one (a contact message: its sender). */
    replyTo: text("reply_to"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("outbox_to_created_idx").on(t.to, t.createdAt), index("outbox_created_idx").on(t.createdAt)],
);

export type OutboxMessage = typeof outbox.$inferSelect;
