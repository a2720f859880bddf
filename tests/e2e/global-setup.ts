import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.ts";
import { openDatabase } from "../../server/db/open.ts";
import { createSession, createUser } from "../../server/auth/sessions.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Live bearer tokens of a seeded user, one per test that needs a fresh session. */
    tokens: string[];
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/v1/health`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy within 60 s");
}

// Runs the product the way `npm start` does, on a fresh data folder with one seeded user.
export default async function setup(project: TestProject) {
  await buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), "sarraf-e2e-"));
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "e2e@sarraf.test", fullName: "E2E Trader", emailVerifiedAt: new Date() });
  const tokens: string[] = [];
  for (let index = 0; index < 40; index++) tokens.push((await createSession(database.db, user.id)).token);
  await database.close();

  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SKIP_BUILD: "1", DATABASE_URL: "" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server);
  project.provide("baseURL", baseURL);
  project.provide("tokens", tokens);

  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server did not shut down cleanly on SIGTERM (exit ${code})`);
  };
}
