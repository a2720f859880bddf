// The page-view tracker as the browser runs it: its sink by the server's setting (the page's
// site settings), the Global Privacy Control signal, and "after paint" as the next frame's end.
import { i18n } from "@lingui/core";
import { isLocale } from "../../../../contract/vocabulary.ts";
import { siteConfig } from "../../../shared/lib/siteConfig.ts";
import { firstPartySink } from "../adapters/firstParty.ts";
import { firebaseAnalyticsConfig, firebaseSink } from "../adapters/firebaseAnalytics.ts";
import { createPageViewTracker, type PageViewTracker } from "./pageViews.ts";

/** After the frame that paints the page: a frame callback, then a task. */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function browserPageViewTracker(): PageViewTracker {
  const firebase = siteConfig().analytics === "firebase" && firebaseAnalyticsConfig !== null;
  return createPageViewTracker({
    sink: firebase ? firebaseSink() : firstPartySink(),
    currentAddress: () => location.pathname + location.search,
    title: () => document.title,
    locale: () => (isLocale(i18n.locale) ? i18n.locale : "en"),
    afterPaint,
    globalPrivacyControl: () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
    referrer: document.referrer,
    origin: location.origin,
  });
}
