import { timestamp } from "drizzle-orm/pg-core";

/** A timestamptz column, so PGlite and PostgreSQL agree whatever the host's zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
