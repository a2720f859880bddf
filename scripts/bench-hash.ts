import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "../server/modules/auth/password.ts";
import { SCRYPT } from "../server/modules/auth/limits.ts";

// Prints what one password hash and one verification cost at the production parameters, so a
// change of cost (or of machine) is a measured decision: OWASP suggests staying well under 1 s.
const runs = Number(process.argv[2] ?? 9);
const password = "correct horse battery staple";

async function median(label: string, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: the first call also allocates the 128 MiB working buffer
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = times[Math.floor(times.length / 2)]!;
  console.log(`${label.padEnd(8)} median ${middle.toFixed(1)} ms  (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)}, ${runs} runs)`);
  return middle;
}

console.log(`scrypt N=2^${SCRYPT.logN} r=${SCRYPT.r} p=${SCRYPT.p}, ${SCRYPT.keyBytes}-byte key, ${availableParallelism()} CPUs, Node ${process.version}`);
const stored = await hashPassword(password);
await median("hash", () => hashPassword(password));
await median("verify", () => verifyPassword(password, stored));
