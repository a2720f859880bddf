import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; the server applies them at start.
// The platform's tables and each module's own schema.ts make the schema together.
// Generate with: npx drizzle-kit generate --config server/drizzle.config.ts
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/platform/db/schema.ts", "./server/modules/*/schema.ts"],
  out: "./server/platform/db/migrations",
});
