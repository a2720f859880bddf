import { useEffect } from "react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { useSelector } from "@xstate/react";
import { ActorsProvider, useAppActor, type AppActors } from "../shared/actors/context.tsx";
import type { EventLog } from "../shared/actors/eventLog.ts";
import type { Call } from "../shared/api/call.ts";
import type { SessionScope } from "../shared/actors/session.ts";
import { ProgressBar } from "../shared/ui/ProgressBar.tsx";
import { PlayMoneyBanner } from "../shared/ui/PlayMoneyBanner.tsx";
import { Toasts } from "./Toasts.tsx";
import { CatalogFailed } from "../shared/ui/CatalogFailed.tsx";
import { AppRouter } from "./AppRouter.tsx";
import { IdleWarning } from "../features/auth/components/IdleWarning.tsx";

function LocalizedApp() {
  const locale = useAppActor("locale");
  const failed = useSelector(locale, (state) => state.hasTag("failed"));
  const ready = useSelector(locale, (state) => state.context.active !== null);
  if (failed) return <CatalogFailed onRetry={() => locale.send({ type: "locale.retry" })} />;
  // Nothing to show until the first catalog is in: its chunk is tiny and loads with the page.
  if (!ready) return null;
  return (
    <I18nProvider i18n={i18n}>
      <PlayMoneyBanner />
      <ProgressBar />
      <AppRouter />
      <IdleWarning />
      <Toasts />
    </I18nProvider>
  );
}

/**
 * The whole app. `onCommitted` runs once its first render is on screen (the entry then lets a
 * prerendered page be used). Rendered in the browser and, for prerendering, in Node: both trees
 * must stay the same shape, or hydration would find different ids.
 */
export function App({
  actors,
  eventLog,
  call,
  session,
  onCommitted,
}: {
  actors: AppActors;
  eventLog?: EventLog | undefined;
  call?: Call | undefined;
  session?: SessionScope | undefined;
  onCommitted?: () => void;
}) {
  useEffect(() => onCommitted?.(), [onCommitted]);
  return (
    <ActorsProvider actors={actors} eventLog={eventLog} call={call} session={session}>
      <LocalizedApp />
    </ActorsProvider>
  );
}
