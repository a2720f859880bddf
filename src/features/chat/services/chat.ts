// Which chat widget the page shows: the one of the active language, if the site's settings name
// one (src/shared/lib/siteConfig.ts), loaded once the page has loaded and the browser is idle, so
// it never competes with the first paint. With no key for any language this does nothing at all:
// not one request goes to the chat provider.
import type { Locale } from "../../../../contract/vocabulary.ts";
import type { SiteConfig } from "../../../shared/lib/siteConfig.ts";
import type { ChatWidget } from "../adapters/tawk.ts";

interface LocaleSource {
  getSnapshot(): { context: { active: Locale | null } };
  subscribe(listener: (snapshot: { context: { active: Locale | null } }) => void): { unsubscribe(): void };
}

export interface ChatEdges {
  config: SiteConfig;
  /** Made only when some language has a key (so the provider's code is never touched otherwise). */
  widget: () => ChatWidget;
  /** Runs `work` once the page is loaded and idle. */
  whenIdle: (work: () => void) => void;
}

/** Follows the active language; the returned function stops following it. */
export function watchChat(locale: LocaleSource, { config, widget, whenIdle }: ChatEdges): () => void {
  if (!config.chat.en && !config.chat.ar) return () => {};
  let chat: ChatWidget | null = null;
  const keyFor = (active: Locale | null) => (active ? (config.chat[active] ?? null) : null);
  let wanted = keyFor(locale.getSnapshot().context.active);
  const subscription = locale.subscribe((snapshot) => {
    wanted = keyFor(snapshot.context.active);
    chat?.show(wanted);
  });
  whenIdle(() => {
    chat = widget();
    chat.show(wanted);
  });
  return () => subscription.unsubscribe();
}

/** After the load event, in an idle moment (within 3 s). */
export function whenLoadedAndIdle(work: () => void): void {
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => work(), { timeout: 3000 }) : setTimeout(work, 200));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
