// Which live-chat widget loads (issue 28): none without a key, the active language's after the
// page is idle, the other language's after switching.
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../contract/vocabulary.ts";
import { watchChat, type ChatWidget } from "../../../src/features/chat/index.ts";
import { parseSiteConfig } from "../../../src/shared/lib/siteConfig.ts";
import { SITE_FACT_DEFAULTS } from "../../../contract/siteFacts.ts";

function localeSource(initial: Locale | null) {
  let active = initial;
  const listeners = new Set<(snapshot: { context: { active: Locale | null } }) => void>();
  return {
    getSnapshot: () => ({ context: { active } }),
    subscribe(listener: (snapshot: { context: { active: Locale | null } }) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(locale: Locale) {
      active = locale;
      for (const listener of listeners) listener({ context: { active } });
    },
  };
}

function setup(chat: Partial<Record<Locale, string>>, initial: Locale = "en") {
  const shown: (string | null)[] = [];
  let made = 0;
  let idle: (() => void) | null = null;
  const locale = localeSource(initial);
  watchChat(locale, {
    config: { chat, analytics: "first-party", facts: SITE_FACT_DEFAULTS },
    widget: (): ChatWidget => {
      made++;
      return { show: (key) => void shown.push(key) };
    },
    whenIdle: (work) => (idle = work),
  });
  return { shown, made: () => made, idle: () => idle?.(), waiting: () => idle !== null, locale };
}

const EN = "64f1c0ffee0123456789abcd/1h9enabc1";
const AR = "64f1c0ffee0123456789abce/1h9arabc2";

describe("live chat", () => {
  it("with no key for any language, never makes a widget nor waits to", () => {
    const chat = setup({});
    chat.locale.set("ar");
    expect(chat.waiting()).toBe(false);
    expect(chat.made()).toBe(0);
  });

  it("loads the active language's widget only once the page is idle, and the other language's after switching", () => {
    const chat = setup({ en: EN, ar: AR });
    expect(chat.shown).toEqual([]);
    chat.idle();
    expect(chat.shown).toEqual([EN]);
    chat.locale.set("ar");
    expect(chat.shown).toEqual([EN, AR]);
  });

  it("a language without a key shows no widget; a switch before idle loads only the final language's", () => {
    const only = setup({ ar: AR });
    only.idle();
    expect(only.shown).toEqual([null]);
    only.locale.set("ar");
    expect(only.shown).toEqual([null, AR]);

    const early = setup({ en: EN, ar: AR });
    early.locale.set("ar");
    early.idle();
    expect(early.shown).toEqual([AR]);
  });

  it("reads only well-formed keys from the page's settings", () => {
    expect(parseSiteConfig(JSON.stringify({ chat: { en: EN, ar: "x/<script>" }, analytics: "firebase" }))).toEqual({
      chat: { en: EN },
      analytics: "firebase",
      facts: SITE_FACT_DEFAULTS,
    });
    expect(parseSiteConfig("{not json")).toEqual({ chat: {}, analytics: "first-party", facts: SITE_FACT_DEFAULTS });
  });
});
