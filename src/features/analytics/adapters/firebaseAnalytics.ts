// Page views into Firebase Analytics, when the server says so (ANALYTICS_PROVIDER=firebase) and the
// build carries a web configuration with a measurement id. Firebase loads here only, by dynamic
// import, after the first view; its automatic page views are off (send_page_view: false), so each
// route change counts once, as this sends it.
import type { PageView } from "../../../../contract/analytics.ts";
import type { PageViewSink } from "../services/pageViews.ts";

const env = import.meta.env;

/** The configuration with its measurement id, or null when any part is missing. */
export const firebaseAnalyticsConfig = (() => {
  const config = {
    apiKey: env.VITE_FIREBASE_API_KEY as string | undefined,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined,
    projectId: env.VITE_FIREBASE_PROJECT_ID as string | undefined,
    appId: env.VITE_FIREBASE_APP_ID as string | undefined,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
    measurementId: env.VITE_FIREBASE_MEASUREMENT_ID as string | undefined,
  };
  return config.apiKey && config.projectId && config.appId && config.measurementId ? config : null;
})();

async function analytics() {
  const [{ getApps, initializeApp }, module] = await Promise.all([import("firebase/app"), import("firebase/analytics")]);
  if (!firebaseAnalyticsConfig || !(await module.isSupported())) return null;
  // An app of its own: messaging's may have been made without the measurement id.
  const app = getApps().find((existing) => existing.name === "analytics") ?? initializeApp(firebaseAnalyticsConfig, "analytics");
  const instance = module.initializeAnalytics(app, { config: { send_page_view: false } });
  return (view: PageView) =>
    module.logEvent(instance, "page_view", {
      page_location: `${location.origin}${view.path}`,
      page_path: view.path,
      page_title: view.title,
      language: view.locale,
      ...(view.referrer ? { page_referrer: view.referrer } : {}),
    });
}

export function firebaseSink(): PageViewSink {
  let send: Promise<((view: PageView) => void) | null> | null = null;
  return {
    record(view) {
      send ??= analytics().catch(() => null);
      void send.then((log) => log?.(view));
    },
  };
}
