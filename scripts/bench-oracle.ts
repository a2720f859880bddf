// `npm run bench:oracle`: can the answer time of /user/forgotPassword or /user/sendotp tell
// whether an address has an account? Sends N requests for known and unknown addresses,
// interleaved, to the real app over an in-memory PGlite, and prints each mean and Welch's z.
import { createApp } from "../server/app.ts";
import { createUser } from "../server/modules/auth/sessions.ts";
import { openDatabase } from "../server/platform/db/open.ts";
import { envWith } from "../server/env.ts";
import { createLogger } from "../server/platform/logging/logger.ts";
import { createMailService } from "../server/platform/mail/index.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const database = await openDatabase({ memory: true });
const logger = createLogger("silent");
const env = envWith();
let clock = Date.parse("2026-01-01T00:00:00Z");
// Each request two hours after the last, so no send limit ever answers instead.
const now = () => new Date(clock);
const mail = createMailService(env, database.db, logger, now);
const app = createApp({ database, env, logger, staticDir: "/nonexistent", version: "bench", now, mail });

const known = await Promise.all(
  Array.from({ length: samples }, (_, i) => createUser(database.db, { email: `known.${i}@example.com`, emailVerifiedAt: new Date() })),
);

async function timed(path: string, email: string, address: string): Promise<number> {
  clock += 2 * 3_600_000;
  const started = performance.now();
  const res = await app.request(
    `/api/v1${path}`,
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) },
    { incoming: { socket: { remoteAddress: address } } },
  );
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  await mail.idle();
  return ms;
}

const stats = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
  return { mean, variance };
};

console.log(`${samples} known and ${samples} unknown addresses per call, interleaved (PGlite in memory)\n`);
console.log("call                  known ms  unknown ms  difference  Welch z");
for (const path of ["/user/forgotPassword", "/user/sendotp"]) {
  // Warm-up: first requests pay for JIT and caches.
  const call = path.split("/").pop();
  for (let i = 0; i < 20; i++) await timed(path, `warm.${call}.${i}@example.com`, `10.9.${i}.1`);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
    for (const kind of order) {
      const email = kind === "known" ? known[i]!.email : `unknown.${call}.${i}@example.com`;
      times[kind].push(await timed(path, email, `10.${kind === "known" ? 1 : 2}.${i >> 8}.${i & 255}`));
    }
  }
  const [a, b] = [stats(times.known), stats(times.unknown)];
  const z = (a.mean - b.mean) / Math.sqrt(a.variance / samples + b.variance / samples);
  console.log(
    `${path.padEnd(22)}${a.mean.toFixed(3).padStart(8)}${b.mean.toFixed(3).padStart(12)}${(a.mean - b.mean).toFixed(3).padStart(12)}${z.toFixed(2).padStart(9)}`,
  );
}
await mail.close();
await database.close();
