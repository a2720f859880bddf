import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import { SAME_ON_EITHER_DATABASE } from "./tests/server/same-on-either-database.ts";

// One project per kind of test, so each runs in the environment it needs:
// machines and units in node, views in jsdom, server against a real database,
// end-to-end in real Chromium against the server that `npm start` runs.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: "machines", include: ["tests/machines/**/*.test.ts"], environment: "node", isolate: false },
        },
        {
          extends: true,
          test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", isolate: false },
        },
        {
          extends: true,
          // Exploring a machine's snapshots is CPU work (the buy machine's: about 5 s alone, several
          // times that while the PostgreSQL suite runs beside it): a bound for a hang, not a speed test.
          test: {
            name: "statecharts",
            include: ["tests/statecharts/**/*.test.ts"],
            environment: "node",
            testTimeout: 120_000,
            // Files share loaded modules, so each machine's generated paths (made once per process,
            // tools/statecharts/artifacts.ts) serve the gate, the scenarios and the index alike.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: "views",
            include: ["tests/views/**/*.test.{ts,tsx}"],
            environment: "jsdom",
            setupFiles: ["tests/views/setup.ts"],
            // A bound for a hang (the default 5 s is what one wait may now take, see setup.ts).
            testTimeout: 60_000,
            // expect.poll as patient as Testing Library's waits (setup.ts), not Vitest's 1 s.
            expect: { poll: { timeout: 5_000 } },
            // Two files at a time (Vitest's default is one on two cores): in CI the PostgreSQL
            // suite beside this phase ends early in it, which left a core idle for a minute.
            maxWorkers: 2,
            // A worker's files share loaded modules: each file loading the app afresh was a third of
            // the CPU (147 CPU-s and 88 s isolated, 91 CPU-s and 61 s shared). Files keep no state in
            // modules and mock none: what a test varies goes through renderApp (tradeKinds, memory).
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: "server",
            include: ["tests/server/**/*.test.ts"],
            // On PostgreSQL, only the files whose code reaches the database (the rest ran on PGlite),
            // unless SERVER_EVERY_FILE is set: .ci/run's run on another Node than npm test's.
            exclude: process.env.DATABASE_URL && !process.env.SERVER_EVERY_FILE ? SAME_ON_EITHER_DATABASE : [],
            environment: "node",
            globalSetup: ["tests/server/helpers/global-setup.ts"],
            // Bounds for a hang, not speed tests: a test that checks ten passwords in a row (scrypt,
            // 128 MiB each) took over 30 s with the machine loaded ten times over its two cores.
            testTimeout: 120_000,
            hookTimeout: 180_000,
            // Two files at a time: each has a database of its own (global-setup.ts), and in CI the
            // PostgreSQL suite beside it ends first, which left a core idle for minutes.
            maxWorkers: 2,
            // A worker's files share loaded modules: each file loading the whole server afresh was
            // a third of the suite's time (import 83–110 s of 250 s). Files keep no state in modules
            // (each has its own database and app); a test about start-up loads its modules afresh.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: "e2e",
            include: ["tests/e2e/**/*.test.ts"],
            environment: "node",
            globalSetup: ["tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // expect.poll waits for what the page does as Playwright's locators do (30 s), not
            // Vitest's default 1 s: a history list took longer than that to load at load 16.
            expect: { poll: { timeout: 30_000 } },
            // Two files at a time (Vitest's default is one on two cores): a file spends much of
            // its time waiting on the browser and the server, and CI runs this project alone.
            // Files share one server, so each uses accounts and sessions of its own
            // (market.test.ts, which pauses prices, starts its own).
            maxWorkers: 2,
            // A worker's files share loaded modules (Playwright's client, the machines, the app's
            // code a paths page imports): each file importing them afresh was about 40 s of the
            // run. The files keep no state in modules but the seeded-token counter (browser.ts).
            isolate: false,
          },
        },
      ],
    },
  }),
);
