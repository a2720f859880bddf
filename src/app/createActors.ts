import { createActor, type ActorOptions, type AnyActorLogic } from "xstate";
import { accountMachine } from "../../machines/account/account.machine.ts";
import type { AccountEmitted } from "../../machines/account/account.types.ts";
import { authMachine } from "../../machines/auth/auth.machine.ts";
import type { AuthEmitted } from "../../machines/auth/auth.types.ts";
import { codeCooldownMachine } from "../../machines/auth/codeCooldown.machine.ts";
import { pushTokenMachine } from "../../machines/notifications/pushToken.machine.ts";
import { localeMachine } from "../../machines/shell/locale.machine.ts";
import { routeProgressMachine } from "../../machines/shell/routeProgress.machine.ts";
import { accountImplementations } from "../features/account/services/actors.ts";
import { createFlowStore, type FlowStore } from "../features/auth/adapters/flowStore.ts";
import { authImplementations, type PopupEdge } from "../features/auth/services/actors.ts";
import { pushTokenImplementations, type PushEdge } from "../features/notifications/services/actors.ts";
import { localeImplementations } from "../features/shell/services/actors.ts";
import { followChild } from "../shared/actors/children.ts";
import type { AppActors } from "../shared/actors/context.tsx";
import { createSessionScope, type SessionScope } from "../shared/actors/session.ts";
import { tokenOf } from "../../machines/auth/auth.state.ts";
import { createEventLog, type EventLog } from "../shared/actors/eventLog.ts";
import { notifyError } from "../shared/adapters/notify.ts";
import { writeSignedInHint } from "../shared/adapters/cookies.ts";
import { createAppStorage, type AppStorage } from "../shared/adapters/storage.ts";
import type { Call } from "../shared/api/call.ts";
import { readFirstAnswers, type FirstAnswers } from "../shared/api/firstAnswers.ts";
import { lazyCall, withFirstAnswers } from "../shared/api/lazyCall.ts";
import { initialLocale } from "../shared/i18n/catalogs.ts";
import type { Locale } from "../../machines/shell/locale.machine.ts";
import { routeFor, statechartsViewerEnabled } from "./routes.ts";
import type { Navigation } from "../shared/lib/paths.ts";

/** The world outside the app. The browser's by default; tests put fakes here and nowhere else. */
export interface AppEdges extends Omit<Navigation, "signedInPage"> {
  /** The address open now with its query; path() by default. */
  address?: () => string;
  /** The typed API call; by default the real client, loaded on the first call. */
  call?: Call;
  storage?: AppStorage;
  /** One tab's sign-in flow across a reload; session storage by default. */
  flowStore?: FlowStore;
  popup?: PopupEdge;
  push?: PushEdge;
  /** The clock every machine's timers run on. */
  clock?: ActorOptions<AnyActorLogic>["clock"];
  /** The browser's preferred languages, for the first visit's language. */
  languages?: readonly string[];
  /** The language the server chose for the page's HTML, if it chose one. */
  servedLocale?: Locale | null;
  /** The language the address asks for (`?lang=`), above the stored choice. */
  addressLocale?: Locale | null;
  /** Answers to the page's first calls; by default those the page's HTML brought. */
  firstAnswers?: FirstAnswers;
}

export interface AppServices {
  actors: AppActors;
  /** What the actors received, for the statecharts viewer; none where the viewer is not built. */
  eventLog: EventLog | undefined;
  /**
   * Nothing stored that changes a first render (no sign-in, no flow in progress, no resend
   * wait): the app renders what the build prerendered for a page, so it may hydrate that HTML.
   */
  freshVisitor: boolean;
  /** The typed API call every actor uses, for the pages' own actors (prices, favourites). */
  call: Call;
  /** The signed-in session's page actors, stopped by every sign-out before the app navigates. */
  session: SessionScope;
  stop: () => void;
}

/** The composition root: every feature provides its machines' effects, given the shared edges; this only composes them. */
export function createAppServices(edges: AppEdges): AppServices {
  const stages = appServicesInStages(edges);
  for (let step = stages.next(); ; step = stages.next()) if (step.done) return step.value;
}

/**
 * The same, as stages: between them the caller may give the browser a turn (src/app/boot.tsx
 * does, so that a slow phone's start-up is two shorter tasks rather than one long one).
 */
export function* appServicesInStages(edges: AppEdges): Generator<void, AppServices> {
  const { storage = createAppStorage(), flowStore = createFlowStore(), clock } = edges;
  const here = edges.address ?? edges.path;
  const navigation: Navigation = {
    navigate: edges.navigate,
    path: edges.path,
    signedInPage: () => (routeFor(edges.path().split(/[?#]/)[0]!).layout === "dashboard" ? here() : null),
  };
  // Only the statecharts viewer reads the event log: without it no event is inspected.
  const eventLog = statechartsViewerEnabled ? createEventLog() : undefined;
  const options = (name: string) => ({ ...(clock ? { clock } : {}), ...(eventLog ? { inspect: eventLog.inspectorFor(name) } : {}) });

  const locale = createActor(localeMachine.provide(localeImplementations({ storage })), {
    ...options("locale"),
    input: { locale: initialLocale(storage.readLocale(), edges.languages ?? navigator.languages ?? [], edges.servedLocale, edges.addressLocale) },
  });
  // The first actor made also compiles XState's own code: a stage of its own.
  yield;
  // The signed-in session's page actors; its ended tokens keep the client from sending with them.
  const session = createSessionScope(storage.readToken);
  // The API client reaches the auth actor only when a call fails with 401: it is created just below.
  const baseCall =
    edges.call ??
    lazyCall({
      baseURL: "/api/v1",
      getToken: storage.readToken,
      sessionEnded: session.hasEnded,
      getLocale: () => locale.getSnapshot().context.active ?? locale.getSnapshot().context.requested,
      onUnauthorized: (error) => {
        // A logout under way revokes the stored token itself: a call sent with it meanwhile (the
        // dashboard's polls fire in the same moment as the idle check) is refused, and the logout,
        // not that refusal, says where the visitor goes (home, spec section 9; not /login).
        if (auth.getSnapshot().hasTag("logout")) return;
        auth.send({ type: "auth.unauthorized" });
        notifyError(error.message, "unauthorized");
      },
    });
  // A signed-in page's HTML may bring the answers to its first calls: those are answered at once.
  const call = withFirstAnswers(baseCall, edges.firstAnswers ?? readFirstAnswers(storage.readToken()), storage.readToken);

  const { actions, actors } = authImplementations({ call, storage, navigation, flowStore, popup: edges.popup });
  const auth = createActor(
    authMachine.provide({
      // The context still holds the ending session's user: this runs before it is forgotten.
      actions: { ...actions, endSession: ({ context }) => session.end(tokenOf(context.user)) },
      actors: {
        ...actors,
        watchPushToken: pushTokenMachine.provide(pushTokenImplementations({ call, storage, push: edges.push })),
        account: accountMachine.provide(accountImplementations({ call })),
      },
    }),
    { ...options("auth"), input: { storedUser: storage.readAuthUser(), flow: flowStore.readFlow(), socialRequest: flowStore.readSocialRequest() } },
  );
  const codeCooldown = createActor(codeCooldownMachine, options("codeCooldown"));
  // A resend wait a reload interrupted goes on counting from where it was.
  const startCooldown = (seconds: number) => {
    flowStore.writeCooldown(seconds);
    codeCooldown.send({ type: "cooldown.start", seconds });
  };
  const routeProgress = createActor(routeProgressMachine, options("routeProgress"));

  // Successes are told after something happened, never before first paint: their texts load then.
  const showAuthNotice = (event: Extract<AuthEmitted, { type: "auth.notice" }>) =>
    void import("../features/auth/services/notices.ts").then((notices) => notices.showAuthNotice(event));
  const showAccountNotice = (event: AccountEmitted) =>
    void import("../features/account/services/notices.ts").then((notices) => notices.showAccountNotice(event));
  const subscriptions = [
    auth.on("auth.codeCooldown", ({ seconds }) => startCooldown(seconds)),
    auth.on("auth.notice", showAuthNotice),
    followChild(auth, "account", (account) => account.on("account.notice", showAccountNotice)),
  ];

  const all: AppActors = { auth, locale, routeProgress, codeCooldown };
  for (const actor of Object.values(all)) actor.start();
  const interrupted = flowStore.readCooldown();
  if (interrupted > 0) codeCooldown.send({ type: "cooldown.start", seconds: interrupted });
  const freshVisitor = storage.readAuthUser() === null && flowStore.readFlow() === null && flowStore.readSocialRequest() === null && interrupted === 0;
  // The server's hint follows what this browser holds (sign-ins from before the hint existed too).
  writeSignedInHint(storage.readToken());
  const stopWatchingStorage = storage.onAuthUserChange((user) => auth.send({ type: "auth.storageChanged", user }));

  return {
    actors: all,
    eventLog,
    freshVisitor,
    call,
    session,
    stop: () => {
      stopWatchingStorage();
      for (const subscription of subscriptions) subscription.unsubscribe();
      session.end();
      for (const actor of Object.values(all)) actor.stop();
    },
  };
}
