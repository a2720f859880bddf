import { spawn } from "node:child_process";

// The real entry (`server/main.ts`, as `npm start` runs it) as a child process, its JSON log lines
// parsed: for tests of several processes on one PostgreSQL (WORKERS, a sign-out heard by another
// process, limits counted across processes).
export type Line = { msg: string; worker?: number; pid?: number; url?: string; path?: string; [key: string]: unknown };

export function runServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const lines = (): Line[] =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);
  /** Waits (no time limit of its own: the test's bounds it) until `count` lines match. */
  const until = async (match: (line: Line) => boolean, count = 1): Promise<Line[]> => {
    for (;;) {
      const found = lines().filter(match);
      if (found.length >= count) return found;
      if (child.exitCode !== null) throw new Error(`the server process exited: ${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, lines, until, output: () => stdout + stderr };
}

export type ServerProcess = ReturnType<typeof runServerProcess>;
