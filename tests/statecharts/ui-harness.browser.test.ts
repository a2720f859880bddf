// The transfer machine's generated paths through its React view in real Chromium
// (playwright-core driving Debian's chromium): the same harness as the jsdom test,
// with the page target and Playwright gestures.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { build, type Rolldown } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";
import { generatePaths } from "../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { pageTarget, poll, runPathInUi, type UiSpec } from "../../tools/statecharts/ui-harness.ts";
import { transferGraphSpec, transferMachine } from "./fixtures/transfer.machine.ts";
import { setupBrowser } from "../e2e/browser.ts";

interface View {
  page: Page;
}

async function shows(page: Page, text: string | RegExp): Promise<void> {
  if (!(await page.getByText(text).isVisible())) throw new Error(`the page does not show ${String(text)}`);
}

const spec: UiSpec<View> = {
  states: {
    idle: ({ page }) => shows(page, "No transfer in progress"),
    editing: async ({ page }, { step }) => {
      if (!(await page.getByRole("textbox", { name: "Amount" }).isVisible())) throw new Error("no amount field");
      if (step?.step.kind === "event" && step.step.event.type === "transfer.submit") await shows(page, "Enter an amount above zero");
    },
    sending: ({ page }) => shows(page, /^Sending \d+…$/),
    failed: ({ page }) => shows(page, "Transfer failed"),
    sent: ({ page }) => shows(page, "Sent, receipt r-42"),
  },
  events: {
    "transfer.start": ({ page }) => page.getByRole("button", { name: "Start transfer" }).click(),
    "transfer.submit": async ({ page }, event) => {
      await page.getByRole("textbox", { name: "Amount" }).fill(String((event as unknown as { amount: number }).amount));
      await page.getByRole("button", { name: "Send" }).click();
    },
    "transfer.cancel": ({ page }) => page.getByRole("button", { name: "Cancel" }).click(),
    "transfer.retry": ({ page }) => page.getByRole("button", { name: "Try again" }).click(),
    "transfer.new": ({ page }) => page.getByRole("button", { name: "New transfer" }).click(),
  },
  waitFor: poll(3000),
};

const b = setupBrowser();
let page: Page;

/** Bundles a fixture entry for the browser with Vite, as the app's build would, into one script. */
async function bundle(entry: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: repoRoot,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { write: false, minify: false, modulePreload: false, rollupOptions: { input: join(repoRoot, entry) } },
  })) as Rolldown.RolldownOutput;
  return (output.output.find((o) => o.type === "chunk" && o.isEntry) as Rolldown.OutputChunk).code;
}

async function openWith(script: string): Promise<Page> {
  const opened = await b.browser.newPage();
  await opened.setContent('<!doctype html><html><body><div id="root"></div></body></html>');
  await opened.addScriptTag({ content: script, type: "module" });
  return opened;
}

beforeAll(async () => {
  page = await openWith(await bundle("tests/statecharts/fixtures/transfer-page.ts"));
  await page.waitForFunction(() => "__statechartUiPaths" in globalThis);
}, 120_000);

const { paths } = generatePaths(transferMachine, resolveSpec(transferMachine, transferGraphSpec));
const target = pageTarget<View>({ open: async () => ({ page, view: { page } }) });

describe("transfer view in Chromium, driven by the generated paths", () => {
  it.each(paths.map((p, i) => [i + 1, p] as const))(
    "scenario %i",
    async (_n, path) => {
      await runPathInUi(transferMachine, path, target, spec);
    },
    30_000,
  );

  it("fails when a gesture sends the wrong event", async () => {
    const wrong: UiSpec<View> = {
      ...spec,
      events: { ...spec.events, "transfer.retry": ({ page }) => page.getByRole("button", { name: "Cancel" }).click() },
      waitFor: poll(300),
    };
    const retrying = paths.find((p) => p.steps.some((s) => s.step.kind === "event" && s.step.event.type === "transfer.retry"))!;
    await expect(runPathInUi(transferMachine, retrying, target, wrong)).rejects.toThrow(/expected the machine in sending, it is in idle/);
  }, 30_000);
});

describe("the browser entry of the statechart tools in Chromium", () => {
  it("draws a machine and follows its running actor", async () => {
    const viewer = await openWith(await bundle("tests/statecharts/fixtures/viewer-page.ts"));
    const active = () => viewer.evaluate(() => [...document.querySelectorAll("g.sc-active")].map((g) => g.getAttribute("data-state-id")));
    await viewer.waitForSelector('g.sc-active[data-state-id="transfer.idle"]');
    expect(await active()).toEqual(["transfer", "transfer.idle"]);
    await viewer.evaluate(() => (globalThis as unknown as { __viewerActor: { send(e: object): void } }).__viewerActor.send({ type: "transfer.start" }));
    await viewer.waitForSelector('g.sc-active[data-state-id="transfer.editing"]');
    expect(await active()).toEqual(["transfer", "transfer.editing"]);
    expect(await viewer.locator("svg.statechart").getAttribute("data-machine")).toBe("transfer");
    await viewer.close();
  }, 60_000);
});
