// The Buy page's view as a browser page for the buyOrder machine's generated paths in Chromium
// (tests/e2e/onramp/buy-paths.test.ts bundles it with Vite): for each path the hook mounts the real
// form, offer and order panel around the driven actor (simulated clock, every call settled by the
// path), in English, with the app's stylesheet — as the jsdom run mounts them. The payment window's
// popup blocker is on `window.__buyPaymentWindow` for the test to set.
import { createRoot } from "react-dom/client";
import { BuyFixture, buyPathsMachine, fakePaymentWindow, fakePressKeys } from "../../statecharts/buy-order-fixture.tsx";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { installUiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import "../../../src/styles.css";
import "../../../src/features/onramp/onramp.css";

await loadCatalog("en");
activateLocale("en");
fakePressKeys();

installUiPathsHook(
  () => {
    const payment = fakePaymentWindow();
    (globalThis as Record<string, unknown>).__buyPaymentWindow = payment;
    return buyPathsMachine(payment.window);
  },
  (actor) => {
    const root = createRoot(document.getElementById("root")!);
    root.render(
      <main className="dashboard-main">
        <BuyFixture actor={actor} />
      </main>,
    );
    return () => root.unmount();
  },
);
