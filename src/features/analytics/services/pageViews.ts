// Page views (issue 28): one per address shown, recorded after it is painted. A simple adapter
// rather than a statechart: it has no state a person sees and no timer of its own — only "the
// last address recorded" and "the view waiting for the next paint" — and each rule below is one
// line that tests drive directly (tests/unit/analytics).
import type { PageView } from "../../../../contract/analytics.ts";
import { scrubAddress, scrubReferrer } from "../../../../contract/pageViewAddress.ts";
import type { Locale } from "../../../../contract/vocabulary.ts";

/** Where page views go: the first-party API or Firebase Analytics (adapters/). */
export interface PageViewSink {
  record(view: PageView): void;
}

export interface PageViewEdges {
  sink: PageViewSink;
  /** The address open now (path and query). */
  currentAddress: () => string;
  /** The page's title and language when the view is recorded (the page has set its title by then). */
  title: () => string;
  locale: () => Locale;
  /** Runs `work` once the page is painted; the returned function cancels it. */
  afterPaint: (work: () => void) => () => void;
  /** The browser's Global Privacy Control signal: while true, nothing is recorded. */
  globalPrivacyControl: () => boolean;
  /** Where the visitor came from to the first page (document.referrer), and this site's origin. */
  referrer: string;
  origin: string;
}

export interface PageViewTracker {
  /** A page is shown at `address` (its route rendered, not redirected away from). */
  shown(address: string): void;
}

export function createPageViewTracker(edges: PageViewEdges): PageViewTracker {
  let lastRecorded: string | null = null;
  let cancel: (() => void) | null = null;
  return {
    shown(address) {
      cancel?.();
      cancel = edges.afterPaint(() => {
        cancel = null;
        const path = scrubAddress(address);
        // The address changed before the page was painted (a redirect, a quick second click): the
        // later address records its own view.
        if (path === null || scrubAddress(edges.currentAddress()) !== path) return;
        // The same address again (a remount, React's development double effects) is the same view.
        if (path === lastRecorded) return;
        if (edges.globalPrivacyControl()) return;
        const referrer = lastRecorded ?? scrubReferrer(edges.referrer, edges.origin);
        lastRecorded = path;
        edges.sink.record({ path, title: edges.title().slice(0, 200), locale: edges.locale(), referrer });
      });
    },
  };
}
