import { spawn } from "node:child_process";
import { createServer } from "vite";

// `npm run dev`: the API server (restarted on change) beside Vite's dev server, which proxies /api to it.
const api = spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? "dist" },
});
const vite = await createServer({ configFile: "vite.config.ts" });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
api.on("exit", (code) => {
  if (code !== 0 && code !== null) console.error(`API server exited with code ${code}`);
});
