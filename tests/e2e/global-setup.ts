import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.ts";
import { openDatabase } from "../../server/platform/db/open.ts";
import { createSession, createUser } from "../../server/modules/auth/sessions.ts";
import { hashPassword } from "../../server/modules/auth/password.ts";
import { startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** A PGlite data folder with every migration applied, for migratedDataDir() to copy (server.ts). */
    templateDataDir: string;
    /** A folder of the run's own, where the first file that needs the paths pages bundles them all (paths-page.ts). */
    pathsBundleDir: string;
    /** Live bearer tokens of a seeded user, one per test that needs a fresh session. */
    tokens: string[];
    /**
     * Verified accounts with a password and no code sent yet: a journey that asks for an e-mail
     * code soon after another code to the same address would meet the 60-second resend limit.
     */
    accounts: Record<"codeLogin" | "reset" | "reloadCode" | "reloadReset" | "switchTo", { email: string; password: string }>;
  }
}

// Runs the product the way `npm start` does, on a fresh data folder with one seeded user.
export default async function setup(project: TestProject) {
  await buildIfStale();
  // Migrated once; the run's server and each file's own copy it.
  const templateDataDir = mkdtempSync(join(tmpdir(), "sarraf-e2e-template-"));
  await (await openDatabase({ dataDir: templateDataDir })).close();
  project.provide("templateDataDir", templateDataDir);
  const pathsBundleDir = mkdtempSync(join(tmpdir(), "sarraf-e2e-paths-"));
  project.provide("pathsBundleDir", pathsBundleDir);
  const dataDir = mkdtempSync(join(tmpdir(), "sarraf-e2e-"));
  cpSync(templateDataDir, dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "e2e@sarraf.test", fullName: "E2E Trader", emailVerifiedAt: new Date() });
  const tokens: string[] = [];
  for (let index = 0; index < 40; index++) tokens.push((await createSession(database.db, user.id)).token);
  const password = "seeded account passphrase";
  // One account per journey that asks for a code, so no journey meets another's resend wait.
  const accounts = {
    codeLogin: { email: "code-login@sarraf.test", password },
    reset: { email: "reset@sarraf.test", password },
    reloadCode: { email: "reload-code@sarraf.test", password },
    reloadReset: { email: "reload-reset@sarraf.test", password },
    // Someone else signing in in another tab: no journey changes this account (the reset one's password changes).
    switchTo: { email: "switch-to@sarraf.test", password },
  };
  // One hash for the one password (scrypt at the production cost is about 0.4 s of CPU each): the
  // accounts verify the same way, and the reset journey replaces its own.
  const passwordHash = await hashPassword(password);
  for (const account of Object.values(accounts)) {
    await createUser(database.db, { email: account.email, fullName: "Seeded Trader", emailVerifiedAt: new Date(), passwordHash });
  }
  await database.close();

  // Every test's browser is the one client 127.0.0.1: its page views must not meet the per-client limit.
  const server = await startServer(dataDir, { ANALYTICS_VIEWS_PER_MINUTE: "10000" });
  project.provide("baseURL", server.baseURL);
  project.provide("tokens", tokens);
  project.provide("accounts", accounts);

  return async () => {
    const code = await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(templateDataDir, { recursive: true, force: true });
    rmSync(pathsBundleDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server did not shut down cleanly on SIGTERM (exit ${code})`);
  };
}
