// The notifications module's table: the push subscriptions browsers register.
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";

/** Web push subscriptions the SPA registers; a token belongs to the last user who sent it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    // When the browser made the token (the SPA's createdAt); it refreshes tokens older than 7 days.
    tokenCreatedAt: at("token_created_at").notNull(),
    endpoint: text("endpoint"),
    auth: text("auth"),
    p256dh: text("p256dh"),
    swScope: text("sw_scope").notNull(),
    vapidKey: text("vapid_key").notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId)],
);

export type PushSubscription = typeof pushSubscriptions.$inferSelect;
