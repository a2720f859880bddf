// The server's render of a signed-in page (issue 12) through the app the build wrote for Node: it
// is here a small module in the same place, the one edge this test fakes. What is tested is the
// server's side: which module it runs, and that a failure, a slow render or no build leaves the
// page's shell (null) rather than an error or a wait.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FirstAnswer } from "../../../contract/firstAnswers.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { signedInRenderer } from "../../../server/platform/http/signed-in-render.ts";
import { withShell } from "../../../server/platform/http/spa.ts";

let dist: string;
let logs: { level: string; msg: string; [field: string]: unknown }[];
const logger = () => createLogger("debug", (line) => logs.push(JSON.parse(line)));

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "sarraf-ssr-"));
  logs = [];
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** Writes the "built" module; `body` is renderPage's body, given (path, locale, options). */
function build(body: string, mtime = Date.now() / 1000) {
  mkdirSync(join(dist, ".ssr"), { recursive: true });
  const file = join(dist, ".ssr", "prerender.js");
  writeFileSync(file, `export async function renderPage(path, locale, options) {\n${body}\n}\n`);
  utimesSync(file, mtime, mtime);
}

const answers: FirstAnswer[] = [{ route: "currencyList", body: "{}", envelope: { status: "success", message: "ok", data: { assets: [] } } }];

describe("the server's render of a signed-in page", () => {
  it("is the built app's render, given the page, language, answers and quote currency", async () => {
    build("return `<main>${path} ${locale} ${options.signedInShell} ${options.answers.length} ${options.quote}</main>`;");
    const render = signedInRenderer(dist, logger());
    expect(await render("/dashboard", "ar", answers, "EUR")).toBe("<main>/dashboard ar true 1 EUR</main>");
  });

  it("is none when the build wrote no app for Node", async () => {
    expect(await signedInRenderer(dist, logger())("/dashboard", "en", answers, "USD")).toBeNull();
  });

  it("follows a new build", async () => {
    build("return 'first build';", 1_000_000);
    const render = signedInRenderer(dist, logger());
    expect(await render("/market", "en", answers, "USD")).toBe("first build");
    build("return 'second build';", 2_000_000);
    expect(await render("/market", "en", answers, "USD")).toBe("second build");
  });

  it("is none when the render fails, and the log names the page, not the error's text", async () => {
    build("throw new Error('balance 123.45 BTC of someone@example.com');");
    const render = signedInRenderer(dist, logger());
    expect(await render("/portfolio", "en", answers, "USD")).toBeNull();
    expect(logs).toEqual([expect.objectContaining({ level: "error", msg: "ssr.failed", path: "/portfolio", error: "Error" })]);
    expect(JSON.stringify(logs)).not.toContain("someone@example.com");
  });

  it("is none when it takes too long, and one that never ends holds up no other", async () => {
    build("if (options.quote === 'EUR') await new Promise(() => {}); return 'drawn in ' + options.quote;");
    const render = signedInRenderer(dist, logger(), { timeoutMs: 100 });
    expect(await render("/dashboard", "en", answers, "EUR")).toBeNull();
    expect(logs).toEqual([expect.objectContaining({ level: "warn", msg: "ssr.late", path: "/dashboard" })]);
    expect(await render("/dashboard", "en", answers, "USD")).toBe("drawn in USD");
  });

  it("runs one render at a time (the app's catalog is one for every language)", async () => {
    build(
      "globalThis.__renders = (globalThis.__renders ?? 0) + 1; globalThis.__most = Math.max(globalThis.__most ?? 0, globalThis.__renders);" +
        "await new Promise((resolve) => setTimeout(resolve, 5)); globalThis.__renders -= 1; return locale;",
    );
    const render = signedInRenderer(dist, logger());
    const results = await Promise.all(["en", "ar", "en", "ar", "en"].map((locale) => render("/dashboard", locale as "en" | "ar", answers, "USD")));
    expect(results).toEqual(["en", "ar", "en", "ar", "en"]);
    expect((globalThis as { __most?: number }).__most).toBe(1);
  });
});

describe("the page's HTML with the render", () => {
  const html = '<body><div id="root" data-shell="/dashboard" inert><!--shell--><nav>empty shell</nav><!--/shell--></div><script src="/x.js"></script></body>';
  it("has the render in place of the shell, and the rest as it was", () => {
    expect(withShell(html, "<main>data</main>")).toBe(
      '<body><div id="root" data-shell="/dashboard" inert><!--shell--><main>data</main><!--/shell--></div><script src="/x.js"></script></body>',
    );
  });
  it("is left as it was when the HTML has no shell to replace", () => {
    const plain = '<body><div id="root"></div></body>';
    expect(withShell(plain, "<main>data</main>")).toBe(plain);
  });
});
