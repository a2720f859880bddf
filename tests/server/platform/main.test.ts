import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir.ts";
import { LOCK_FILE } from "../../../server/platform/db/lock.ts";

// The real entry in a real process: start-up line, the data-folder lock, and SIGTERM.
let dataDir: string;
beforeAll(() => {
  dataDir = migratedDataDir("sarraf-main-");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string> = {}, folder = dataDir) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // DATABASE_URL is blanked so this file always exercises the PGlite folder and its lock.
    env: { ...process.env, PORT: "0", DATA_DIR: folder, DATABASE_URL: "", STATIC_DIR: join(folder, "dist"), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => (output.stdout += chunk));
  child.stderr.on("data", (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output, exited };
}

async function startedLine(child: ChildProcess, output: { stdout: string }): Promise<{ url: string; database: string }> {
  for (;;) {
    const line = output.stdout.split("\n").find((l) => l.includes('"msg":"started"'));
    if (line) return JSON.parse(line);
    if (child.exitCode !== null) throw new Error(`server exited early: ${JSON.stringify(output)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("server/main.ts", () => {
  it("starts, refuses a second server on the same data folder, and exits 0 on SIGTERM", async () => {
    const first = run();
    try {
      const { url, database } = await startedLine(first.child, first.output);
      expect(database).toBe("pglite");
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);

      const second = run();
      expect(await second.exited).toBe(1);
      expect(second.output.stderr).toContain(`Sarraf cannot start: The data folder ${dataDir} is in use by process ${first.child.pid}`);

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output.stdout).toContain('"msg":"stopped"');
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      first.child.kill("SIGKILL");
    }
  }, 180_000);
});

describe("server/main.ts in production on the sandbox on-ramp", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1",
    OUTBOX_IN_PRODUCTION: "true",
    KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
  };

  it("refuses to start on the sandbox by default, naming the setting that allows a demo", async () => {
    const folder = migratedDataDir("sarraf-main-prod-");
    const refused = run(production, folder);
    try {
      // Whichever comes first: the exit, or (the bug this guards against) the start-up line.
      expect(await Promise.race([refused.exited, startedLine(refused.child, refused.output).then(() => "started")])).toBe(1);
      expect(refused.output.stderr).toContain("ONRAMP_PROVIDER: is the sandbox");
      expect(refused.output.stderr).toContain("ONRAMP_SANDBOX_IN_PRODUCTION=demo-with-play-money");
      expect(refused.output.stdout).not.toContain('"msg":"started"');
    } finally {
      // Had it started (the bug this guards against), it must not outlive the test.
      refused.child.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it("starts when it is chosen on purpose, says so in its log, and marks every page a demo with play money", async () => {
    const folder = migratedDataDir("sarraf-main-demo-");
    mkdirSync(join(folder, "dist"));
    writeFileSync(join(folder, "dist", "index.html"), '<!doctype html><html lang="en"><title>Sarraf</title><div id="root"></div></html>');
    const demo = run({ ...production, ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money" }, folder);
    try {
      const { url } = await startedLine(demo.child, demo.output);
      expect(demo.output.stdout).toContain('"msg":"onramp.sandboxInProduction"');
      const page = await fetch(`${url}/dashboard`, { headers: { Accept: "text/html" } });
      expect(await page.text()).toContain('<html data-play-money="demo" lang="en">');
      demo.child.kill("SIGTERM");
      expect(await demo.exited).toBe(0);
    } finally {
      demo.child.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
