import { existsSync } from "node:fs";
import { buildIfStale } from "./build-if-stale.ts";

if (existsSync(".env")) process.loadEnvFile(".env");

// `npm start`: build the SPA if its sources changed, then run the one server that serves it and /api/v1.
if (process.env.SKIP_BUILD !== "1") {
  const started = Date.now();
  if (await buildIfStale()) console.log(`Built the SPA in ${Date.now() - started} ms`);
}
await import("../server/main.ts");
