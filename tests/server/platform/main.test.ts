import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../../server/platform/db/lock.ts";

// The real entry in a real process: start-up line, the data-folder lock, and SIGTERM.
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "sarraf-main-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run() {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // DATABASE_URL is blanked so this file always exercises the PGlite folder and its lock.
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", STATIC_DIR: join(dataDir, "dist"), LOG_LEVEL: "info" },
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
