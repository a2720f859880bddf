import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * Chromium driven over the DevTools protocol on a pipe, with nothing enabled but what the caller
 * asks for. A benchmark uses it instead of a test driver because a driver turns on the page's
 * Runtime domain (the inspector), which in Chromium 156 makes script evaluation about twice as
 * slow: measured that way, a page looks slower than any phone would run it.
 */
export interface CdpBrowser {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  /** Calls `listener` for each `method` event of the session (or of the browser, without one); returns the unsubscribe. */
  on(method: string, sessionId: string | undefined, listener: (params: Record<string, unknown>) => void): () => void;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "sarraf-cdp-"));
  const child: ChildProcess = spawn(
    executablePath,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-extensions",
      "--disable-sync",
      "--mute-audio",
      `--user-data-dir=${profile}`,
      "--remote-debugging-pipe",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Map<string, Set<(params: Record<string, unknown>) => void>>();
  let buffered = "";
  fromBrowser.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let end = buffered.indexOf("\0"); end >= 0; end = buffered.indexOf("\0")) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(`${waiter.method}: ${message.error.message}`));
        else waiter?.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(`${message.sessionId ?? ""} ${message.method}`) ?? []) listener(message.params ?? {});
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const browser: CdpBrowser = {
    send: (method, params = {}, sessionId) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method });
        toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
      }),
    on(method, sessionId, listener) {
      const key = `${sessionId ?? ""} ${method}`;
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set.add(listener));
      return () => set.delete(listener);
    },
    async close() {
      await browser.send("Browser.close").catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill("SIGKILL");
      rmSync(profile, { recursive: true, force: true });
    },
  };
  await browser.send("Browser.getVersion");
  return browser;
}
