import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Timestamps are timestamptz so PGlite and PostgreSQL agree whatever the host's zone.
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable("users", {
  // Random UUIDs, so ids in URLs and payloads reveal nothing about sign-up order or volume.
  id: uuid("id").primaryKey().defaultRandom(),
  // Stored lower-cased by createUser; the unique index then makes e-mail case-insensitive.
  email: text("email").notNull().unique(),
  // Null for accounts that only sign in by OTP or a social provider.
  passwordHash: text("password_hash"),
  fullName: text("full_name").notNull().default(""),
  emailVerifiedAt: at("email_verified_at"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 hex of the bearer token: a leaked table cannot be replayed as tokens.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
