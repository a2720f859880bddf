import http from "node:http";
import { createRequire } from "node:module";
import { monitorEventLoopDelay } from "node:perf_hooks";

// The load side of `npm run bench:api` (scripts/bench-api.ts): autocannon's closed-loop runs, an
// open-loop paced run, and the table they print.

/** The password of every account the benchmark signs in to. */
export const PASSWORD = "Bench password for sarraf 1";

export interface Histogram {
  /** For requests: how many were answered. */
  total?: number;
  average: number;
  p50: number;
  p99: number;
}

export interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

export interface AutocannonClient {
  setBody(body: string): void;
}

export interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  overallRate?: number;
  setupClient?: (client: AutocannonClient) => void;
}

export const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

export interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  note: string;
  completed: number;
  /** The server's CPU time (user + system) per answered request. */
  cpuMicros?: number;
  /** The longest the server's event loop was late during the run. */
  loopMaxMs?: number;
}

export function rowOf(target: string, result: AutocannonResult): Row {
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count}×${code}`)
    .join(" ");
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    completed: result.requests.total ?? 0,
    note: `${codes ? ` (${codes})` : ""}${result.timeouts ? `, ${result.timeouts} timeouts` : ""}`,
  };
}

/**
 * Open-loop load at a steady rate: request i is due at start + i/rate whatever the answers do,
 * over a pool of keep-alive connections, and its latency counts from when it was due (so a
 * stalled server or client is charged for the wait: no coordinated omission). autocannon's
 * overallRate instead lets each connection send its whole second's quota back to back at the
 * top of each second, which measures bursts of `connections` concurrent requests.
 */
export async function paced(
  target: string,
  options: { url: string; method: string; headers: Record<string, string>; body: string },
  rate: number,
  seconds: number,
): Promise<Row> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let finished = 0;
  // The load generator can stall too (GC, being descheduled): its lateness is reported with the row.
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  const start = performance.now() + 20;
  await new Promise<void>((done) => {
    const send = (due: number) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: options.method,
          headers: { ...options.headers, "Content-Length": Buffer.byteLength(options.body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if ((response.statusCode ?? 0) >= 300 || (response.statusCode ?? 0) < 200) non2xx++;
            latencies.push(performance.now() - due);
            if (++finished === total) done();
          });
        },
      );
      request.on("error", () => {
        errors++;
        if (++finished === total) done();
      });
      request.end(options.body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) send(start + (sent++ * 1000) / rate);
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
  clientDelay.disable();
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    target,
    rps: latencies.length / elapsed,
    p50: percentile(50),
    p99: percentile(99),
    errors,
    non2xx,
    note: ` (client loop max ${(clientDelay.max / 1e6).toFixed(0)} ms)`,
    completed: latencies.length,
  };
}

export function printTable(rows: Row[]): void {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors/non-2xx", "server CPU µs/req", "server loop max ms"];
  const lines = rows.map(({ target, rps, p50, p99, errors, non2xx, note, cpuMicros, loopMaxMs }) => [
    target,
    rps.toFixed(0),
    p50.toFixed(1),
    p99.toFixed(1),
    `${errors}/${non2xx}${note}`,
    cpuMicros === undefined ? "" : cpuMicros.toFixed(0),
    loopMaxMs === undefined ? "" : loopMaxMs.toFixed(0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}
