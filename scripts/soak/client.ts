// The soak's HTTP side: every request over keep-alive connections to 127.0.0.1, each answer
// recorded (status, latency, when it was in flight) so the end can count 5xx and connection errors
// and tell those in flight on a killed worker from the rest.
import http from "node:http";

export interface Failure {
  path: string;
  /** The HTTP status, or 0 for a connection error (reset, refused, hang-up). */
  status: number;
  error?: string;
  sentAt: number;
  endedAt: number;
}

export interface Answer {
  status: number;
  data?: Record<string, unknown>;
  reason?: string;
}

export class Recorder {
  readonly failures: Failure[] = [];
  readonly byRoute = new Map<string, { count: number; statuses: Map<number, number>; ms: number[] }>();
  answered = 0;

  record(path: string, status: number, sentAt: number, endedAt: number, error?: string): void {
    this.answered++;
    const route = this.byRoute.get(path) ?? { count: 0, statuses: new Map<number, number>(), ms: [] as number[] };
    this.byRoute.set(path, route);
    route.count++;
    route.statuses.set(status, (route.statuses.get(status) ?? 0) + 1);
    // A bounded sample of latencies per route (every request up to 20,000, then one in ten).
    if (route.ms.length < 20_000 || route.count % 10 === 0) route.ms.push(endedAt - sentAt);
    if (status === 0 || status >= 500) this.failures.push({ path, status, error, sentAt, endedAt });
  }
}

export interface Client {
  /** POST /api/v1<path> with JSON; `address` is the client's address as a proxy would forward it. */
  api(path: string, options?: { token?: string; body?: unknown; address?: string }): Promise<Answer>;
  /** Any request (the sandbox's payment page); answers the status only. */
  raw(method: string, path: string, headers: Record<string, string>, body: string): Promise<number>;
  close(): void;
}

export function createClient(baseUrl: string, recorder: Recorder, maxSockets = 64): Client {
  const { hostname, port } = new URL(baseUrl);
  // An idle connection is dropped after 4 s, before the server's 5 s keep-alive timeout: reusing one
  // the server is closing at that moment fails with ECONNRESET, which is the client's doing, not the server's.
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: 4_000 });
  const send = (method: string, path: string, headers: Record<string, string>, body: string, recordAs: string) =>
    new Promise<{ status: number; text: string }>((done) => {
      const sentAt = performance.now();
      const request = http.request(
        { agent, host: hostname, port, path, method, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, timeout: 60_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            recorder.record(recordAs, status, sentAt, performance.now());
            done({ status, text: Buffer.concat(chunks).toString("utf8") });
          });
          response.on("error", (error) => {
            recorder.record(recordAs, 0, sentAt, performance.now(), error.message);
            done({ status: 0, text: "" });
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", (error) => {
        recorder.record(recordAs, 0, sentAt, performance.now(), (error as NodeJS.ErrnoException).code ?? error.message);
        done({ status: 0, text: "" });
      });
      request.end(body);
    });

  return {
    async api(path, { token, body = {}, address } = {}) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (address) headers["X-Forwarded-For"] = address;
      const { status, text } = await send("POST", `/api/v1${path}`, headers, JSON.stringify(body), path);
      try {
        const parsed = JSON.parse(text) as { data?: Record<string, unknown> };
        return { status, data: parsed.data, reason: typeof parsed.data?.reason === "string" ? parsed.data.reason : undefined };
      } catch {
        return { status };
      }
    },
    async raw(method, path, headers, body) {
      return (await send(method, path, headers, body, path.replace(/\/[0-9a-f-]{36}/g, "/:id"))).status;
    },
    close: () => agent.destroy(),
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
