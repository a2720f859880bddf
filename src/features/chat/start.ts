// The browser's chat: this page's settings, Tawk.to, after load (loaded by index.ts's loadChat).
import { siteConfig } from "../../shared/lib/siteConfig.ts";
import { tawkWidget } from "./adapters/tawk.ts";
import { watchChat, whenLoadedAndIdle } from "./services/chat.ts";

export function startChat(locale: Parameters<typeof watchChat>[0]): () => void {
  return watchChat(locale, { config: siteConfig(), widget: () => tawkWidget(), whenIdle: whenLoadedAndIdle });
}
