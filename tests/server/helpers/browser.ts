import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { App } from "../../../server/app.ts";

/** The app on a real socket (127.0.0.1, a free port), for flows that need Node's request objects. */
export async function listen(app: App): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((ready) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => ready(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface Cookie {
  value: string;
  path: string;
}

export interface Page {
  status: number;
  url: string;
  location?: string;
  headers: Headers;
  text: string;
}

/**
 * Just enough of a browser for redirect flows: a cookie jar that honours Path and expiry, and
 * redirects followed one hop at a time (so a test can stop and look at any of them).
 */
export function browser(base: string, { lang = "en" }: { lang?: string } = {}) {
  const jar = new Map<string, Cookie>();

  function store(response: Response, url: URL) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? url.pathname.replace(/\/[^/]*$/, "/");
      const expires = attribute("expires");
      const gone = attribute("max-age") === "0" || (expires !== undefined && new Date(expires).getTime() <= Date.now()) || value === "";
      if (gone) jar.delete(`${path} ${name}`);
      else jar.set(`${path} ${name}`, { value, path });
    }
  }

  function cookiesFor(url: URL) {
    return [...jar.entries()]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.slice(key.indexOf(" ") + 1)}=${cookie.value}`)
      .join("; ");
  }

  async function request(target: string, init: { method?: string; form?: Record<string, string> | URLSearchParams } = {}): Promise<Page> {
    const url = new URL(target, base);
    const cookie = cookiesFor(url);
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const response = await fetch(url, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      redirect: "manual",
      headers: {
        "Accept-Language": lang,
        Accept: "text/html,*/*",
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
      },
      body,
    });
    store(response, url);
    const location = response.headers.get("location");
    return {
      status: response.status,
      url: url.href,
      location: location === null ? undefined : new URL(location, url).href,
      headers: response.headers,
      text: await response.text(),
    };
  }

  /** Follows redirects until a page answers, or until `until` says stop at a redirect's target. */
  async function follow(first: Page, until: (location: string) => boolean = () => false): Promise<Page> {
    let page = first;
    for (let hops = 0; page.location && page.status >= 300 && page.status < 400; hops++) {
      if (hops > 10) throw new Error(`too many redirects from ${first.url}`);
      if (until(page.location)) return page;
      page = await request(page.location);
    }
    return page;
  }

  return { request, follow, cookies: jar };
}

export type Browser = ReturnType<typeof browser>;

/** A form's action and its fields' current values, read from the HTML the server sent. */
export function formIn(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in:\n${html}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) fields[name!] = value!;
  return { action: action.replace(/&amp;/g, "&"), fields };
}
