// The exchange ticket as a browser page for the tradeQuote machine's generated paths in Chromium
// (tests/e2e/exchange/exchange-paths.test.ts bundles it with Vite): for each path the hook mounts
// the real ticket and receipt around the driven actor (simulated clock, every call settled by the
// path), in English, with the app's stylesheet — as the jsdom run mounts them.
import { createRoot } from "react-dom/client";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { TicketFixture } from "../../statecharts/exchange-ticket-fixture.tsx";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { installUiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import "../../../src/styles.css";

await loadCatalog("en");
activateLocale("en");

installUiPathsHook(tradeQuoteMachine, (actor) => {
  const root = createRoot(document.getElementById("root")!);
  root.render(
    <main className="dashboard-main">
      <TicketFixture actor={actor} />
    </main>,
  );
  return () => root.unmount();
});
