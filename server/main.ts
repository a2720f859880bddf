import cluster from "node:cluster";
import { loadEnvOrExit, type Env } from "./env.ts";
import { createLogger, errorFields } from "./platform/logging/logger.ts";
import { runPrimary } from "./primary.ts";
import { startServer, type RunningServer } from "./server.ts";

// The process entry (`node --import tsx server/main.ts`, or imported by scripts/start.ts):
// importing this module starts the server. Tests and embedders use startServer() instead.
const env = loadEnvOrExit();

if (env.WORKERS > 1 && cluster.isPrimary) {
  // WORKERS=N: this process only forks, restarts and stops N workers, each running this file.
  runPrimary(env, createLogger(env.LOG_LEVEL, undefined, { role: "primary" }));
} else {
  await runServer();
}

async function runServer() {
  const worker = cluster.isWorker ? { worker: Number(process.env.SARRAF_WORKER_SLOT), pid: process.pid } : {};
  const logger = createLogger(env.LOG_LEVEL, undefined, worker);

  let server: RunningServer;
  try {
    server = await startServer({ env, logger });
  } catch (error) {
    console.error(`Sarraf cannot start: ${reasonFor(error, env)}`);
    logger.debug("start.failed", errorFields(error));
    process.exit(1);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      logger.info("shutdown", { signal });
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error("shutdown.failed", errorFields(error));
          process.exit(1);
        },
      );
    });
  }
}

function reasonFor(error: unknown, { PORT, HOST }: Env): string {
  // Drizzle wraps driver errors ("Failed query: ..."); the useful code and text sit on the cause.
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const code = (root as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return `port ${PORT} on ${HOST} is in use. Set PORT to another port.`;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND") return `cannot reach the PostgreSQL server of DATABASE_URL (${code}).`;
  return root instanceof Error ? root.message : String(root);
}
