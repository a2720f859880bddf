// Tawk.to's live-chat widget (issue 28). Tawk.to has one widget per property, each with its own
// language and team, so Sarraf has one per language: propertyId/widgetId for English and for Arabic
// (CHAT_TAWK_EN / CHAT_TAWK_AR). This is Tawk.to's own embed code, plus taking a widget away again
// when the language changes: its API is shut down, its script and the parts it added to the body go,
// and the other language's widget loads in its place.

export const TAWK_EMBED_ORIGIN = "https://embed.tawk.to";
/** The elements Tawk.to's script adds to the body: containers named after it, and the widget's frames. */
const WIDGET_PARTS = '[id*="tawk" i], [class*="tawk" i], .widget-visible, .widget-hidden, iframe[title*="chat" i]';

interface TawkWindow {
  Tawk_API?: { shutdown?: () => void } & Record<string, unknown>;
  Tawk_LoadStart?: Date;
}

export interface ChatWidget {
  /** Shows the widget of `key` (propertyId/widgetId), or none; the same key again changes nothing. */
  show(key: string | null): void;
}

export function tawkWidget(doc: Document = document): ChatWidget {
  const win = doc.defaultView as (Window & TawkWindow) | null;
  let current: { key: string; script: HTMLScriptElement; before: Set<Element> } | null = null;

  const unload = () => {
    if (!current || !win) return;
    try {
      win.Tawk_API?.shutdown?.();
    } catch {
      // A widget that never finished loading has nothing to shut down.
    }
    current.script.remove();
    // What the widget drew (its frames and their containers), not anything else added since.
    for (const element of [...doc.body.children]) if (!current.before.has(element) && element.matches(WIDGET_PARTS)) element.remove();
    delete win.Tawk_API;
    delete win.Tawk_LoadStart;
    current = null;
  };

  const load = (key: string) => {
    if (!win) return;
    const before = new Set(doc.body.children);
    win.Tawk_API = {};
    win.Tawk_LoadStart = new Date();
    const script = doc.createElement("script");
    script.async = true;
    script.src = `${TAWK_EMBED_ORIGIN}/${key}`;
    script.charset = "UTF-8";
    script.setAttribute("crossorigin", "*");
    script.dataset.chatWidget = key;
    doc.body.append(script);
    current = { key, script, before: new Set([...before, script]) };
  };

  return {
    show(key) {
      if (key === (current?.key ?? null)) return;
      unload();
      if (key) load(key);
    },
  };
}
