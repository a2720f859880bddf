import type { InactivityEvent } from "../../../../machines/auth/inactivity.machine.ts";
import { storageKeys } from "../../../shared/adapters/storage.ts";

const inputs = ["mousemove", "keydown", "click"] as const;

/**
 * While the idle warning is open, its buttons decide (src/features/auth/components/IdleWarning.tsx):
 * keys and clicks in the dialog, and the pointer crossing the page on its way to a button, are not
 * activity, or reaching for "Log out" would close the dialog. A click outside it still is.
 */
function decidedByWarning(event: Event): boolean {
  const target = event.target instanceof Element ? event.target : null;
  const part = target?.closest("[data-idle-warning]")?.getAttribute("data-idle-warning");
  return part === "dialog" || (part === "backdrop" && event.type === "mousemove");
}

/**
 * The inactivity machine's edge: the user's mouse, keys and clicks, and the tab becoming
 * visible, each as `inactivity.activity` with its time. The machine throttles the writes.
 * Another tab writing `lastActivityTime` (its user was active, or stayed signed in from the
 * warning) is `inactivity.activityElsewhere`: a warning shown here reads the time again and closes.
 */
export function listenForActivity(sendBack: (event: InactivityEvent) => void): () => void {
  const report = (event: Event) => !decidedByWarning(event) && sendBack({ type: "inactivity.activity", at: Date.now() });
  const onVisible = () => document.visibilityState === "visible" && sendBack({ type: "inactivity.activity", at: Date.now() });
  for (const type of inputs) window.addEventListener(type, report, { capture: true, passive: true });
  const onStorage = (event: StorageEvent) => event.key === storageKeys.lastActivityTime && sendBack({ type: "inactivity.activityElsewhere" });
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener("storage", onStorage);
    for (const type of inputs) window.removeEventListener(type, report, { capture: true });
    document.removeEventListener("visibilitychange", onVisible);
  };
}
