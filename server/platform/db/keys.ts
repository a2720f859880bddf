// The rows that other modules' foreign keys point at, declared by their keys alone: a module names
// another's table here instead of importing it, so no module exports its tables. drizzle-kit reads
// only the platform's and each module's own schema.ts, so these make no table of their own.
import { pgTable, text, uuid } from "drizzle-orm/pg-core";

/** auth's accounts. */
export const userKeys = pgTable("users", { id: uuid("id").primaryKey() });

/** The market's listed assets. */
export const assetKeys = pgTable("assets", { symbol: text("symbol").primaryKey() });

/** files' uploads (a profile picture points at one). */
export const fileKeys = pgTable("files", { id: uuid("id").primaryKey() });
