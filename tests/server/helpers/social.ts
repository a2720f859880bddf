import { randomBytes } from "node:crypto";
import type { SocialResult } from "../../../server/modules/auth/social/result-page.ts";
import type { SocialProvider } from "../../../server/modules/auth/social/providers.ts";
import { browser, formIn, type Browser, type Page } from "./browser.ts";

export const newRequestId = () => randomBytes(12).toString("base64url");

/** The payload the result page hands the SPA, read the way result.js reads it. */
export function resultOf(html: string): SocialResult {
  const json = /<script type="application\/json" id="sarraf-social-result">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error(`no result payload in:\n${html}`);
  return JSON.parse(json) as SocialResult;
}

export interface SignInOptions {
  email?: string;
  name?: string;
  /** A fresh browser by default: no cookies of an earlier sign-in. */
  b?: Browser;
  requestId?: string;
  cancel?: boolean;
  /** Apple answers with a form POST (response_mode=form_post); the stand-in redirects, so the test posts. */
  post?: boolean;
  /** The browser's Accept-Language. */
  lang?: string;
  /** The `lang` the SPA may pass to /auth/:provider/start (its own language choice). */
  uiLang?: string;
  /** Runs between the provider's answer and the callback (e.g. to move the clock). */
  beforeCallback?: (callback: URL) => Promise<void> | void;
}

export interface SignIn {
  start: Page;
  /** The provider's sign-in page. */
  form: Page;
  /** The provider's redirect back to /auth/callback, with code, state and iss. */
  callback: URL;
  page: Page;
  result: SocialResult;
}

/** Drives the popup like a browser: start → the stand-in's form → callback → result page. */
export async function signInWith(base: string, provider: SocialProvider, options: SignInOptions = {}): Promise<SignIn> {
  const { email = "trader@example.com", name = "Social Trader", requestId = newRequestId(), cancel = false, post = provider === "apple" } = options;
  const b = options.b ?? browser(base, { lang: options.lang });
  const start = await b.request(`/auth/${provider}/start?request=${requestId}${options.uiLang ? `&lang=${options.uiLang}` : ""}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}:\n${start.text}`);
  const form = await b.follow(start);
  const { action } = formIn(form.text);
  const submitted = await b.request(action, { form: cancel ? { action: "cancel" } : { email, name, action: "continue" } });
  const atCallback = await b.follow(submitted, (location) => location.startsWith(`${base}/auth/callback`));
  if (!atCallback.location) throw new Error(`the provider did not redirect back:\n${atCallback.text}`);
  const callback = new URL(atCallback.location);
  await options.beforeCallback?.(callback);
  const page = post ? await b.request("/auth/callback", { form: callback.searchParams }) : await b.request(callback.href);
  return { start, form, callback, page, result: resultOf(page.text) };
}
