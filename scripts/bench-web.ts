import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale } from "./build-if-stale.ts";
import { launchChromium, type CdpBrowser } from "./cdp-pipe.ts";

/**
 * `npm run bench:web`: how fast pages load on a slow phone, in real Chromium against the real
 * server (a fresh temporary PGlite, the production build), each run in a new browser context
 * (cold cache), throttled as Lighthouse's mobile preset: Slow 4G (562.5 ms round trip, 1.47 Mbit/s
 * down, 675 kbit/s up) and a CPU slowed 4×. For the public pages (`/`, `/blog`, `/contact`), `/login`
 * and `/dashboard` (signed in), each in English and Arabic (the browser's language), the median of
 * --runs (BENCH_RUNS, 5) of:
 *
 *   FCP, LCP (and what the LCP element is), TBT (long tasks' time over 50 ms, after FCP),
 *   CLS (largest session window); for the dashboard, FCP is when its layout is painted (its HTML
 *   has it, and the page drawn by the server with the user's first data);
 *   bytes on the wire before first paint (the HTML and what finished before FCP) and until load.
 *
 * Chromium is driven over the DevTools protocol directly (scripts/cdp-pipe.ts), without the
 * Runtime domain a test driver turns on: with it on, Chromium evaluates scripts about twice as
 * slowly, which no phone does. --inspector turns it on, to see the difference.
 *
 * Flags: --runs, --routes (BENCH_ROUTES, comma-separated), --langs (BENCH_LANGS, en,ar), --cpu (BENCH_CPU, the slow-down, 4),
 * --no-throttle, --inspector; BENCH_DEBUG=1 prints the start-up's stages and the long tasks of each run.
 */

const { values: flags } = parseArgs({
  options: {
    runs: { type: "string", default: process.env.BENCH_RUNS ?? "5" },
    routes: { type: "string", default: process.env.BENCH_ROUTES ?? "/,/blog,/contact,/login,/dashboard" },
    langs: { type: "string", default: process.env.BENCH_LANGS ?? "en,ar" },
    "no-throttle": { type: "boolean", default: false },
    cpu: { type: "string", default: process.env.BENCH_CPU ?? "4" },
    inspector: { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(flags.runs));
const ROUTES = flags.routes!.split(",").filter(Boolean);
const LANGS = flags.langs!.split(",").filter((lang) => lang === "en" || lang === "ar");
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

/** The page's own answer to an expression (no Runtime domain needed: evaluate works without it). */
async function evaluate<T>(browser: CdpBrowser, sessionId: string, expression: string): Promise<T> {
  const { result, exceptionDetails } = await browser.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
    "Runtime.evaluate",
    { expression, returnByValue: true, awaitPromise: true },
    sessionId,
  );
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
  return result.value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(browser: CdpBrowser, base: string, route: string, authUser: string | null, lang: string): Promise<Sample> {
  // A new browser context per run: nothing cached, nothing stored from another run.
  const { browserContextId } = await browser.send<{ browserContextId: string }>("Target.createBrowserContext");
  try {
    const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank", browserContextId });
    const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    const send = (method: string, params: Record<string, unknown> = {}) => browser.send(method, params, sessionId);
    // A phone: Lighthouse's Moto G Power viewport, touch, in the language measured (the server
    // picks the page's language from Accept-Language on a first visit).
    await send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    await send("Emulation.setTouchEmulationEnabled", { enabled: true });
    await send("Emulation.setLocaleOverride", { locale: lang === "ar" ? "ar" : "en-US" });
    await send("Page.enable");
    await send("Page.addScriptToEvaluateOnNewDocument", { source: OBSERVE });
    if (authUser) {
      // As the app leaves a browser after signing in: the record, the server's hint cookie, and the
      // cookie that lets the server answer the page's first calls in its HTML (src/shared/adapters/cookies.ts).
      await send("Page.addScriptToEvaluateOnNewDocument", { source: `localStorage.setItem("authUser", ${JSON.stringify(authUser)});` });
      const token = (JSON.parse(authUser) as { Token: string }).Token;
      await browser.send("Storage.setCookies", {
        browserContextId,
        cookies: [
          { name: "signedIn", value: "1", url: base },
          { name: "pageSession", value: token, url: base, sameSite: "Strict" },
        ],
      });
    }
    if (flags.inspector) await send("Runtime.enable");
    await send("Network.enable");
    await send("Network.setExtraHTTPHeaders", { headers: { "Accept-Language": lang === "ar" ? "ar,en;q=0.5" : "en-US,en;q=0.9" } });
    await send("Network.setCacheDisabled", { cacheDisabled: true });
    if (!flags["no-throttle"]) {
      await send("Network.emulateNetworkConditions", NETWORK);
      await send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    }
    // Bytes on the wire per request, with the time they finished (CDP's monotonic clock), and
    // what is still in flight (for "the network is idle").
    const finished: { at: number; bytes: number }[] = [];
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    let navigationStart = 0;
    let loaded = false;
    const off = [
      browser.on("Network.requestWillBeSent", sessionId, (event) => {
        // A page view goes out with keepalive, whose end the protocol does not report: it is not waited for.
        if (!(event.request as { url: string }).url.endsWith("/api/v1/pageview/add")) inFlight.add(event.requestId as string);
        lastActivity = Date.now();
        if (event.type === "Document" && navigationStart === 0) navigationStart = event.timestamp as number;
      }),
      browser.on("Network.loadingFinished", sessionId, (event) => {
        inFlight.delete(event.requestId as string);
        lastActivity = Date.now();
        finished.push({ at: event.timestamp as number, bytes: event.encodedDataLength as number });
      }),
      browser.on("Network.loadingFailed", sessionId, (event) => {
        inFlight.delete(event.requestId as string);
        lastActivity = Date.now();
      }),
      browser.on("Page.loadEventFired", sessionId, () => (loaded = true)),
    ];
    try {
      await send("Page.navigate", { url: base + route });
      // Loaded, then quiet for a while: late chunks, late shifts, the last long tasks.
      const deadline = Date.now() + 120_000;
      while (!(loaded && inFlight.size === 0 && Date.now() - lastActivity >= 500)) {
        if (Date.now() > deadline) throw new Error(`${route} did not finish loading in 120 s`);
        await sleep(50);
      }
      await sleep(1500);
    } finally {
      for (const unsubscribe of off) unsubscribe();
    }
    const result = await evaluate<Omit<Sample, "bytesBeforePaint" | "bytesToLoad">>(browser, sessionId, `(${RESULTS})()`);
    if (process.env.BENCH_DEBUG) {
      const stages = await evaluate<string[]>(
        browser,
        sessionId,
        `performance.getEntriesByType("mark").map((m) => m.name.replace("sarraf:", "") + "@" + m.startTime.toFixed(0))`,
      );
      console.log(route, "stages", JSON.stringify(stages));
      console.log(
        route,
        "long tasks",
        JSON.stringify(await evaluate(browser, sessionId, "window.__bench.long.map((t) => [Math.round(t.t), Math.round(t.d)])")),
      );
    }
    const paintAt = navigationStart + result.fcp / 1000;
    const bytesBeforePaint = finished.filter((f) => f.at <= paintAt).reduce((sum, f) => sum + f.bytes, 0);
    const bytesToLoad = finished.reduce((sum, f) => sum + f.bytes, 0);
    return { ...result, bytesBeforePaint, bytesToLoad };
  } finally {
    await browser.send("Target.disposeBrowserContext", { browserContextId });
  }
}

// Runs in the page once it is quiet: FCP, the last LCP, CLS and TBT from what OBSERVE collected.
const RESULTS = `() => {
  const m = window.__bench;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
  const last = m.lcp.at(-1);
  // CLS: the largest session window (gaps under 1 s, windows up to 5 s), as Chromium reports it.
  let cls = 0, session = 0, start = -Infinity, previous = -Infinity;
  for (const shift of m.shifts) {
    if (shift.t - previous > 1000 || shift.t - start > 5000) { session = 0; start = shift.t; }
    session += shift.v;
    previous = shift.t;
    cls = Math.max(cls, session);
  }
  // TBT: each long task's time over 50 ms, counted from FCP on.
  const tbt = m.long.filter((task) => task.t + task.d > fcp).reduce((sum, task) => sum + Math.max(0, task.d - 50 - Math.max(0, fcp - task.t)), 0);
  return { fcp, lcp: last?.t ?? NaN, lcpElement: last?.el ?? "(none)", cls, tbt, url: location.pathname };
}`;

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
  const browser = await launchChromium();
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
      `bench:web — ${flags["no-throttle"] ? "no throttling" : `Slow 4G (562.5 ms RTT, 1.47 Mbit/s down, 675 kbit/s up), CPU ${CPU_RATE}×`}, cold cache, median of ${RUNS}${flags.inspector ? ", with the inspector on (Runtime domain)" : ""}, load average ${loadavg()[0]!.toFixed(1)}\n`,
    );
    const rows: string[][] = [["route", "FCP ms", "LCP ms", "TBT ms", "CLS", "KB before paint", "KB to load", "LCP element"]];
    for (const route of ROUTES)
      for (const lang of LANGS) {
        const signedIn = route.startsWith("/dashboard") || route.startsWith("/market") || route.startsWith("/portfolio");
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, base, route, signedIn ? authUser : null, lang));
        const wrongPage = samples.find((s) => s.url !== route);
        if (wrongPage) throw new Error(`${route} ended on ${wrongPage.url}`);
        const m = (pick: (s: Sample) => number) => median(samples.map(pick));
        const byLcp = [...samples].sort((a, b) => a.lcp - b.lcp)[Math.floor(samples.length / 2)]!;
        rows.push([
          `${route} ${lang}${signedIn ? " (signed in)" : ""}`,
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
