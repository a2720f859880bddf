// Starts the product the way `npm start` does (scripts/start.ts), on a free port, for end-to-end tests.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inject } from "vitest";

const root = resolve(import.meta.dirname, "../..");

/**
 * A data folder of its own with every migration applied: a copy of the one the run migrated once
 * (global-setup.ts). Migrating a fresh PGlite takes about 5 s of CPU; a copy, a quarter of a second.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject("templateDataDir"), dir, { recursive: true });
  return dir;
}

/**
 * A production build with these build-time settings (VITE_*), into its own folder; without the
 * prerendered pages and the compressed copies, which the run's main build has and its tests check
 * (about 7 and 11 CPU-s a build): the app then starts from index.html on every address.
 */
export function buildSpa(outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const command = [resolve(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", BUILD_PAGES: "off", BUILD_PRECOMPRESS: "off", ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on("error", fail);
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
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error("server did not become healthy within 60 s");
}

export interface RunningServer {
  baseURL: string;
  /** SIGTERM, then the exit code once it has shut down. */
  stop(): Promise<number | null>;
}

/** Serves the already-built SPA in `env.STATIC_DIR` (default dist/) over the database in `dataDir`. */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SKIP_BUILD: "1", DATABASE_URL: "", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server);
  return {
    baseURL,
    stop: async () => {
      if (server.exitCode !== null) return server.exitCode;
      const exited = new Promise<number | null>((done) => server.once("exit", (code) => done(code)));
      server.kill("SIGTERM");
      return exited;
    },
  };
}
