import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../../server/env.ts";
import { LEADER } from "../../../server/platform/db/leader.ts";
import { runServerProcess } from "../helpers/server-process.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

// WORKERS=N on one PostgreSQL: the real entry, a primary and its workers as real processes.

/** A health call on a connection of its own (no keep-alive), so the primary hands it to the next worker. */
function health(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${url}/api/v1/health`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    }).on("error", reject);
  });
}

describe("WORKERS", () => {
  it("more than 1 is refused without DATABASE_URL, naming the setting (PGlite's folder belongs to one process)", () => {
    const refused = parseEnv({ WORKERS: "2" });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join("\n")).toMatch(/^WORKERS: must be 1 without DATABASE_URL/m);
    expect(parseEnv({ WORKERS: "2", DATABASE_URL: "postgres://u@127.0.0.1/db" }).ok).toBe(true);
    expect(parseEnv({}).ok).toBe(true);
  });
});

describe.skipIf(!postgresUrl)("WORKERS=2 on PostgreSQL (skipped on PGlite: one process per data folder)", () => {
  it("both workers answer on one port, jobs run in one, a killed leader's jobs move to the other within the bound and the worker restarts, SIGTERM stops all with 0", async () => {
    const { url: databaseUrl, drop } = await freshPostgresUrl();
    const folder = mkdtempSync(join(tmpdir(), "sarraf-workers-"));
    const primary = runServerProcess({ WORKERS: "2", DATABASE_URL: databaseUrl, STATIC_DIR: join(folder, "dist"), DATA_DIR: folder });
    try {
      await primary.until((line) => line.msg === "workers.started");
      const started = await primary.until((line) => line.msg === "started", 2);
      const url = started[0]!.url!;
      expect(new Set(started.map((line) => line.url))).toEqual(new Set([url]));
      const workerPids = started.map((line) => line.pid);
      expect(new Set(workerPids).size).toBe(2);
      expect(workerPids).not.toContain(primary.child.pid);

      // Exactly one leads the background jobs; the other stands by.
      const [leader] = await primary.until((line) => line.msg === "jobs.leading");
      const [standby] = await primary.until((line) => line.msg === "jobs.standby");
      expect(standby!.pid).not.toBe(leader!.pid);
      expect(primary.lines().filter((line) => line.msg === "jobs.leading")).toHaveLength(1);

      // Connections are handed out in turn: both workers answer on the one port.
      for (
        let i = 0;
        i < 20 &&
        new Set(
          primary
            .lines()
            .filter((l) => l.path === "/api/v1/health")
            .map((l) => l.pid),
        ).size < 2;
        i++
      )
        expect(await health(url)).toBe(200);
      expect(
        new Set(
          primary
            .lines()
            .filter((line) => line.path === "/api/v1/health")
            .map((line) => line.pid),
        ),
      ).toEqual(new Set(workerPids));

      // kill -9 the leader: the other takes the jobs over within the bound, and the primary starts a new worker.
      const killedAt = Date.now();
      process.kill(leader!.pid!, "SIGKILL");
      const [successor] = await primary.until((line) => line.msg === "jobs.leading" && line.pid !== leader!.pid);
      const handOverMs = Date.now() - killedAt;
      // The standby, or the restarted worker if it tried first: either way, one process.
      expect(primary.lines().filter((line) => line.msg === "jobs.leading")).toHaveLength(2);
      // The bound for a dead process is one retry (its socket closes at once); the rest is slack for a busy machine.
      expect(handOverMs).toBeLessThan(LEADER.retryMs + 10_000);
      const [died] = await primary.until((line) => line.msg === "worker.died");
      expect(died!.signal).toBe("SIGKILL");
      const [restarted] = await primary.until((line) => line.msg === "started" && !workerPids.includes(line.pid), 1);
      await primary.until((line) => (line.msg === "jobs.standby" || line.msg === "jobs.leading") && line.pid === restarted!.pid);
      expect([standby!.pid, restarted!.pid]).toContain(successor!.pid);
      expect(primary.lines().filter((line) => line.msg === "jobs.leading")).toHaveLength(2);
      expect(await health(url)).toBe(200);

      primary.child.kill("SIGTERM");
      expect(await primary.exited).toBe(0);
      const stopped = primary.lines().filter((line) => line.msg === "stopped");
      expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set([standby!.pid, restarted!.pid]));
      expect(primary.lines().at(-1)).toMatchObject({ msg: "workers.stopped", ok: true });
    } finally {
      primary.child.kill("SIGKILL");
      for (const line of primary.lines())
        if (line.msg === "started" && line.pid)
          try {
            process.kill(line.pid, "SIGKILL");
          } catch {
            // already gone
          }
      rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  }, 240_000);
});
