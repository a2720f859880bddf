import { DataDirInUseError } from "./db/lock.ts";
import { loadEnvOrExit } from "./env.ts";
import { createLogger, errorFields } from "./logger.ts";
import { startServer } from "./server.ts";

// The process entry (`node --import tsx server/main.ts`, or imported by scripts/start.ts):
// importing this module starts the server. Tests and embedders use startServer() instead.
const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({ env, logger });
} catch (error) {
  if (error instanceof DataDirInUseError) console.error(`Sarraf cannot start: ${error.message}`);
  else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Sarraf cannot start: port ${env.PORT} on ${env.HOST} is in use. Set PORT to another port.`);
  } else logger.error("start.failed", errorFields(error));
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
