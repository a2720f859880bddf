import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { buildIfStale } from "./build-if-stale.ts";

/**
 * `npm run bench:web`: how fast pages load on a slow phone, in real Chromium against the real
 * server (a fresh temporary PGlite, the production build), each run in a new browser context
 * (cold cache), throttled as Lighthouse's mobile preset: Slow 4G (562.5 ms round trip, 1.47 Mbit/s
 * down, 675 kbit/s up) and a CPU slowed 4×. For `/`, `/login` and `/dashboard` (signed in),
 * the median of --runs (BENCH_RUNS, 5) of:
 *
 *   FCP, LCP (and what the LCP element is), TBT (long tasks' time over 50 ms, after FCP),
 *   CLS (largest session window); for the dashboard, FCP is when its layout is painted (its HTML
 *   has no content, and the layout is the first thing the app renders);
 *   bytes on the wire before first paint (the HTML and what finished before FCP) and until load.
 *
 * Flags: --runs, --routes (BENCH_ROUTES, comma-separated), --cpu (BENCH_CPU, the slow-down, 4),
 * --no-throttle; BENCH_DEBUG=1 prints the start-up's stages and the long tasks of each run.
 */

const { values: flags } = parseArgs({
  options: {
    runs: { type: "string", default: process.env.BENCH_RUNS ?? "5" },
    routes: { type: "string", default: process.env.BENCH_ROUTES ?? "/,/login,/dashboard" },
    "no-throttle": { type: "boolean", default: false },
    cpu: { type: "string", default: process.env.BENCH_CPU ?? "4" },
  },
});
const RUNS = Math.max(1, Number(flags.runs));
const ROUTES = flags.routes!.split(",").filter(Boolean);
// Lighthouse's mobile "Slow 4G" (devtools throttling values) and its 4× CPU slow-down.
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_RATE = Number(flags.cpu);
const PASSWORD = "Bench password for sarraf 1";

interface Sample {
  fcp: number;
  lcp: number;
  lcpElement: string;
  tbt: number;
  cls: number;
  bytesBeforePaint: number;
  bytesToLoad: number;
  url: string;
}

// Runs in the page before anything else: collects paint, LCP, layout shifts, long tasks, element timing.
const OBSERVE = `(() => {
  const m = window.__bench = { lcp: [], shifts: [], long: [] };
  const watch = (type, push) => { try { new PerformanceObserver((list) => list.getEntries().forEach(push)).observe({ type, buffered: true }); } catch {} };
  const describe = (el) => !el ? "(none)" : el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "") + ' "' + (el.textContent || "").trim().slice(0, 40) + '"';
  watch("largest-contentful-paint", (e) => m.lcp.push({ t: e.startTime, el: describe(e.element) }));
  watch("layout-shift", (e) => { if (!e.hadRecentInput) m.shifts.push({ t: e.startTime, v: e.value }); });
  watch("longtask", (e) => m.long.push({ t: e.startTime, d: e.duration }));
})();`;

async function measure(browser: Browser, base: string, route: string, authUser: string | null): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: "en-US" });
  try {
    await context.addInitScript(OBSERVE);
    if (authUser) {
      // As the app leaves a browser after signing in: the record, and the server's hint cookie.
      await context.addInitScript(`localStorage.setItem("authUser", ${JSON.stringify(authUser)});`);
      await context.addCookies([{ name: "signedIn", value: "1", url: base }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (!flags["no-throttle"]) {
      await cdp.send("Network.emulateNetworkConditions", NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    }
    // Bytes on the wire per request, with the time they finished (CDP's monotonic clock).
    const finished: { at: number; bytes: number }[] = [];
    cdp.on("Network.loadingFinished", (event: { timestamp: number; encodedDataLength: number }) =>
      finished.push({ at: event.timestamp, bytes: event.encodedDataLength }),
    );
    let navigationStart = 0;
    cdp.on("Network.requestWillBeSent", (event: { timestamp: number; type?: string }) => {
      if (event.type === "Document" && navigationStart === 0) navigationStart = event.timestamp;
    });
    await page.goto(base + route, { waitUntil: "load", timeout: 120_000 });
    // Quiet for a while after load: late chunks, late shifts, the last long tasks.
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const result = await page.evaluate(() => {
      const m = (
        globalThis as unknown as { __bench: { lcp: { t: number; el: string }[]; shifts: { t: number; v: number }[]; long: { t: number; d: number }[] } }
      ).__bench;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const last = m.lcp.at(-1);
      // CLS: the largest session window (gaps under 1 s, windows up to 5 s), as Chromium reports it.
      let cls = 0;
      let session = 0;
      let start = -Infinity;
      let previous = -Infinity;
      for (const shift of m.shifts) {
        if (shift.t - previous > 1000 || shift.t - start > 5000) {
          session = 0;
          start = shift.t;
        }
        session += shift.v;
        previous = shift.t;
        cls = Math.max(cls, session);
      }
      const tbt = m.long.filter((task) => task.t + task.d > fcp).reduce((sum, task) => sum + Math.max(0, task.d - 50 - Math.max(0, fcp - task.t)), 0);
      return { fcp, lcp: last?.t ?? NaN, lcpElement: last?.el ?? "(none)", cls, tbt, url: location.pathname };
    });
    if (process.env.BENCH_DEBUG)
      console.log(
        route,
        "stages",
        JSON.stringify(
          await page.evaluate(() => performance.getEntriesByType("mark").map((m) => `${m.name.replace("sarraf:", "")}@${m.startTime.toFixed(0)}`)),
        ),
      );
    if (process.env.BENCH_DEBUG)
      console.log(route, "long tasks", JSON.stringify(await page.evaluate(() => (globalThis as unknown as { __bench: { long: unknown } }).__bench.long)));
    const paintAt = navigationStart + result.fcp / 1000;
    const bytesBeforePaint = finished.filter((f) => f.at <= paintAt).reduce((sum, f) => sum + f.bytes, 0);
    const bytesToLoad = finished.reduce((sum, f) => sum + f.bytes, 0);
    return { ...result, bytesBeforePaint, bytesToLoad };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  await buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), "sarraf-bench-web-"));
  const { startServer } = await import("../server/server.ts");
  const { envWith } = await import("../server/env.ts");
  const { createLogger } = await import("../server/platform/logging/logger.ts");
  const { createUser } = await import("../server/modules/auth/sessions.ts");
  const { hashPassword } = await import("../server/modules/auth/password.ts");
  const env = envWith({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", NODE_ENV: "development", DATA_DIR: dataDir, STATIC_DIR: resolve("dist") });
  const running = await startServer({ env, logger: createLogger("silent") });
  const base = `http://127.0.0.1:${running.port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    // A signed-in visitor for /dashboard: a real account and a real sign-in, stored as the app stores it.
    const email = `web.${Date.now()}@bench.example`;
    await createUser(running.database.db, { email, fullName: "Bench Web", passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
    const login = await fetch(`${base}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { data } = (await login.json()) as { data: unknown };
    const authUser = JSON.stringify(data);

    console.log(
      `bench:web — ${flags["no-throttle"] ? "no throttling" : `Slow 4G (562.5 ms RTT, 1.47 Mbit/s down, 675 kbit/s up), CPU ${CPU_RATE}×`}, cold cache, median of ${RUNS}\n`,
    );
    const rows: string[][] = [["route", "FCP ms", "LCP ms", "TBT ms", "CLS", "KB before paint", "KB to load", "LCP element"]];
    for (const route of ROUTES) {
      const signedIn = route.startsWith("/dashboard") || route.startsWith("/market") || route.startsWith("/portfolio");
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, base, route, signedIn ? authUser : null));
      const wrongPage = samples.find((s) => s.url !== route);
      if (wrongPage) throw new Error(`${route} ended on ${wrongPage.url}`);
      const m = (pick: (s: Sample) => number) => median(samples.map(pick));
      const byLcp = [...samples].sort((a, b) => a.lcp - b.lcp)[Math.floor(samples.length / 2)]!;
      rows.push([
        route + (signedIn ? " (signed in)" : ""),
        m((s) => s.fcp).toFixed(0),
        m((s) => s.lcp).toFixed(0),
        m((s) => s.tbt).toFixed(0),
        m((s) => s.cls).toFixed(3),
        (m((s) => s.bytesBeforePaint) / 1024).toFixed(1),
        (m((s) => s.bytesToLoad) / 1024).toFixed(1),
        byLcp.lcpElement,
      ]);
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    for (const row of rows)
      console.log(row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  } finally {
    await browser.close();
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
