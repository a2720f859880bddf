// Real server processes for the ledger's reliability tests: `node server/main.ts` on free ports,
// over PGlite in a data folder (one process: it holds the folder's lock) or one PostgreSQL database
// shared by several processes. Each can be stopped, or killed with SIGKILL mid-flight.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on("error", fail);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no flush, as a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with these settings and waits until it answers. */
export async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "error", STATIC_DIR: "/nonexistent-static-dir", DATABASE_URL: "", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not answer within 60 s");
    const ok = await fetch(`${url}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 150));
  }
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    url,
    child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
