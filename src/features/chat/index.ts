// What the app uses of live chat: following the language with the site's widget (src/app/boot.tsx).
import { siteConfig } from "../../shared/lib/siteConfig.ts";
import type { watchChat } from "./services/chat.ts";

export { watchChat, type ChatEdges } from "./services/chat.ts";
export { tawkWidget, TAWK_EMBED_ORIGIN, type ChatWidget } from "./adapters/tawk.ts";

/**
 * The browser's chat (start.ts), when the site's settings name a widget for some language: its
 * code loads after the app's first render, and not at all without a key.
 */
export function loadChat(locale: Parameters<typeof watchChat>[0]): void {
  const { chat } = siteConfig();
  if (!chat.en && !chat.ar) return;
  void import("./start.ts").then(({ startChat }) => startChat(locale));
}
