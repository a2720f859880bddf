import type { InactivityEvent } from "../../../../machines/auth/inactivity.machine.ts";

const inputs = ["mousemove", "keydown", "click"] as const;

/**
 * The inactivity machine's edge: the user's mouse, keys and clicks, and the tab becoming
 * visible, each as `inactivity.activity` with its time. The machine throttles the writes.
 */
export function listenForActivity(sendBack: (event: InactivityEvent) => void): () => void {
  const report = () => sendBack({ type: "inactivity.activity", at: Date.now() });
  const onVisible = () => document.visibilityState === "visible" && report();
  for (const type of inputs) window.addEventListener(type, report, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    for (const type of inputs) window.removeEventListener(type, report, { capture: true });
    document.removeEventListener("visibilitychange", onVisible);
  };
}
