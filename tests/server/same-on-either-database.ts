// Server test files whose code never reaches the database that DATABASE_URL names: they check
// pure functions, parsers and adapters, or they run the product on a PGlite data folder of their
// own whatever DATABASE_URL says (DATABASE_URL blanked: the folder's lock, the entry's start-up).
// `npm test` runs them on PGlite; the second run of the server suite, against PostgreSQL
// (.ci/run), leaves them out when it runs on the same Node, since it would repeat exactly the same
// work (about a minute of CPU); on another Node (SERVER_EVERY_FILE, vitest.config.ts) it runs them.
// tests/unit/same-on-either-database.test.ts checks that each still never reaches that database.
export const SAME_ON_EITHER_DATABASE = [
  "tests/server/contract/failures.test.ts",
  "tests/server/contract/refuse.types.test.ts",
  "tests/server/kyc/env.test.ts",
  "tests/server/market/binance.test.ts",
  "tests/server/market/simulator.test.ts",
  "tests/server/onramp/swipelux.test.ts",
  "tests/server/onramp/webhook-signature.test.ts",
  "tests/server/platform/data-dir-lock.test.ts",
  "tests/server/platform/env.test.ts",
  "tests/server/platform/i18n.test.ts",
  "tests/server/platform/json-body.test.ts",
  "tests/server/platform/logger.test.ts",
  "tests/server/platform/main.test.ts",
  "tests/server/platform/signed-in-render.test.ts",
  "tests/server/portfolio/merge.test.ts",
  "tests/server/trading/figures.test.ts",
  "tests/server/withdrawals/env.test.ts",
];
