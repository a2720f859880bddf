// What the app uses of live chat: following the language with the site's widget (src/app/boot.tsx).
import { siteConfig } from "../../shared/lib/siteConfig.ts";
import { tawkWidget } from "./adapters/tawk.ts";
import { watchChat, whenLoadedAndIdle } from "./services/chat.ts";

export { watchChat, type ChatEdges } from "./services/chat.ts";
export { tawkWidget, TAWK_EMBED_ORIGIN, type ChatWidget } from "./adapters/tawk.ts";

/** The browser's chat: this page's settings, Tawk.to, after load. */
export function startChat(locale: Parameters<typeof watchChat>[0]): () => void {
  return watchChat(locale, { config: siteConfig(), widget: () => tawkWidget(), whenIdle: whenLoadedAndIdle });
}
