// A throwaway PostgreSQL server for the restore drill and the soak (scripts/soak.ts): initdb in a temporary folder, listening on
// 127.0.0.1 only at a free port, stopped and removed by the cleanup it queues. As root, PostgreSQL's
// tools run as the postgres user (initdb refuses root).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** The newest PostgreSQL server binaries installed the Debian way, or those on PATH. */
function binaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, "bin")).find((dir) => existsSync(join(dir, "initdb")));
  return found ?? "";
}

function freePort(): Promise<number> {
  return new Promise((answer, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => answer(port));
    });
  });
}

/** Starts the server and answers its URL (database `postgres`); queues its stop and removal in `cleanups`. */
export async function throwawayPostgres(cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const bin = binaries();
  const tool = (name: string) => (bin ? join(bin, name) : name);
  const dir = mkdtempSync(join(tmpdir(), "sarraf-postgres-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const root = userInfo().uid === 0;
  if (root) execFileSync("chown", ["postgres", dir]);
  const run = (file: string, args: string[]) =>
    root ? execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", [file, ...args].map((part) => `'${part}'`).join(" ")]) : execFileSync(file, args);
  run(tool("initdb"), ["-D", join(dir, "data"), "-U", "postgres", "--auth=trust"]);
  const port = await freePort();
  run(tool("pg_ctl"), ["-D", join(dir, "data"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", join(dir, "log"), "-w", "start"]);
  cleanups.push(() => void run(tool("pg_ctl"), ["-D", join(dir, "data"), "-m", "fast", "-w", "stop"]));
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** pg_dump and pg_restore of the same installation (a newer pg_dump reads an older server). */
export function clientTool(name: "pg_dump" | "pg_restore"): string {
  const bin = binaries();
  return bin ? join(bin, name) : name;
}
