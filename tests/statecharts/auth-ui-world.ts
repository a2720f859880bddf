// The real app around a driven auth actor: what the auth machine's generated paths run through
// (tests/views/auth/auth-paths.test.tsx in jsdom, tests/e2e/auth/auth-paths-page.tsx in
// Chromium). The auth actor is the path driver's (simulated clock, every call faked and settled
// by the path) with the app's own storage and navigation effects; the composition root builds
// the other actors, and its wiring of the auth actor's emitted events and of other tabs' storage
// is repeated here for the driven one. Browser-safe: the Chromium page bundles it.
import { createElement } from "react";
import { navigate } from "wouter/use-browser-location";
import { SimulatedClock, type AnyActorRef, type AnyStateMachine, type Snapshot } from "xstate";
import { authMachine } from "../../machines/auth/auth.machine.ts";
import type { AuthEmitted, AuthInput, StoredUser } from "../../machines/auth/auth.types.ts";
import { App } from "../../src/app/App.tsx";
import { createAppServices } from "../../src/app/createActors.ts";
import { createFlowStore } from "../../src/features/auth/adapters/flowStore.ts";
import { authImplementations, type PopupEdge } from "../../src/features/auth/services/actors.ts";
import type { PushEdge } from "../../src/features/notifications/services/actors.ts";
import type { AppActors } from "../../src/shared/actors/context.tsx";
import { createAppStorage, memoryStore, storageKeys, type KeyValueStore } from "../../src/shared/adapters/storage.ts";
import type { Call } from "../../src/shared/api/call.ts";

/** Where the person is when a path starts: the page the stored session or the reloaded flow opens. */
export function startPath(input: AuthInput): string {
  return input.storedUser?.Token || input.storedUser?.token ? "/dashboard" : "/login";
}

// The paths settle every call of the driven actor; nothing else may reach the network.
const pendingCall = (() => new Promise(() => {})) as unknown as Call;
const noCall = (() => Promise.reject(Object.assign(new Error("the auth paths fake every call"), { code: "network" }))) as unknown as Call;
const noPopup: PopupEdge = { open: () => null, listen: () => () => {} };
const noPush: PushEdge = {
  inspect: async () => ({ supported: false, configured: false, permission: "default" }),
  requestPermission: async () => "default",
  getToken: () => new Promise(() => {}),
};

/**
 * The auth actor as views read it. The driver fakes every invoked child, and a fake has none of a
 * machine snapshot's methods, so a view reading the account or push child (the profile page)
 * would throw: each fake child here reads as a machine at rest (no tags, nothing it can take).
 */
function withRestingFakes(actor: AnyActorRef): AnyActorRef {
  const resting = { status: "active", context: {}, children: {}, hasTag: () => false, can: () => false, matches: () => false };
  const facades = new WeakMap<AnyActorRef, AnyActorRef>();
  const views = new WeakMap<object, Snapshot<unknown>>();
  const forward = <T extends object>(target: T, getSnapshot: () => unknown): T =>
    new Proxy(target, {
      get(object, key) {
        if (key === "getSnapshot") return getSnapshot;
        const value = Reflect.get(object, key, object) as unknown;
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  const facade = (child: AnyActorRef) => {
    if (typeof (child.getSnapshot() as { hasTag?: unknown }).hasTag === "function") return child;
    if (!facades.has(child))
      facades.set(
        child,
        forward(child, () => resting),
      );
    return facades.get(child)!;
  };
  const view = (snapshot: Snapshot<unknown> & { children?: Record<string, AnyActorRef | undefined> }) => {
    if (!views.has(snapshot)) {
      const children = Object.fromEntries(Object.entries(snapshot.children ?? {}).map(([id, child]) => [id, child && facade(child)]));
      views.set(snapshot, Object.create(snapshot, { children: { value: children, enumerable: true } }) as Snapshot<unknown>);
    }
    return views.get(snapshot)!;
  };
  return forward(actor, () => view(actor.getSnapshot()));
}

export interface AuthWorldStores {
  /** The app's storage (localStorage in a browser). */
  store: KeyValueStore;
  /** The tab's session storage, where a sign-in flow survives a reload. */
  session: KeyValueStore;
}

/** One path's world: the tab at the path's start page, its storage holding what the app read at start. */
export function authWorld(input: AuthInput, { store, session }: AuthWorldStores) {
  history.replaceState(null, "", startPath(input));
  const storage = createAppStorage(store);
  const flowStore = createFlowStore(session);
  if (input.storedUser) store.setItem(storageKeys.authUser, JSON.stringify(input.storedUser));
  if (input.flow) flowStore.writeFlow(input.flow);
  if (input.socialRequest) flowStore.writeSocialRequest(input.socialRequest);
  const navigation = { navigate: (to: string, options?: { replace?: boolean }) => navigate(to, options), path: () => location.pathname };
  const { actions } = authImplementations({ call: noCall, storage, navigation, flowStore, popup: noPopup });
  // The other actors' clock: the resend countdown moves when a person is said to wait.
  const clock = new SimulatedClock();
  // When each status message (toasts included) was last on screen: a toast goes after a few seconds.
  const lastShown = new Map<string, number>();
  const shownMessages = () =>
    [...document.querySelectorAll("[role=status]")].filter((element) => !element.closest("[hidden]")).map((element) => element.textContent ?? "");
  const observer = new MutationObserver(() => {
    for (const text of shownMessages()) lastShown.set(text, Date.now());
  });

  return {
    /** The auth machine with the app's storage and navigation effects; the driver fakes its calls. */
    machine: authMachine.provide({ actions }) as AnyStateMachine,

    /** The app's actors with `auth` the driven actor, and the element to render (inside the browser's location). */
    compose(auth: AnyActorRef) {
      // Its own auth actor stays signed out and idle: no stored user, no flow, no navigation.
      const services = createAppServices({
        navigate: () => {},
        path: () => location.pathname,
        call: noCall,
        storage: createAppStorage(memoryStore({ [storageKeys.lang]: "en" })),
        flowStore: createFlowStore(memoryStore()),
        popup: noPopup,
        push: noPush,
        clock,
        languages: ["en"],
      });
      const { codeCooldown } = services.actors;
      const actors = { ...services.actors, auth: withRestingFakes(auth) } as AppActors;
      const subscriptions = [
        auth.on("auth.codeCooldown", ({ seconds }: Extract<AuthEmitted, { type: "auth.codeCooldown" }>) => {
          flowStore.writeCooldown(seconds);
          codeCooldown.send({ type: "cooldown.start", seconds });
        }),
        // As the app does, the notices' texts load with the first notice.
        auth.on(
          "auth.notice",
          (event: Extract<AuthEmitted, { type: "auth.notice" }>) =>
            void import("../../src/features/auth/services/notices.ts").then((notices) => notices.showAuthNotice(event)),
        ),
      ];
      const stopWatchingStorage = storage.onAuthUserChange((user) => auth.send({ type: "auth.storageChanged", user }));
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      return {
        actors,
        // The pages' own reads (the dashboard's prices) stay pending: the auth paths check the shell, not the market.
        element: createElement(App, { actors, call: pendingCall }),
        stop() {
          observer.disconnect();
          stopWatchingStorage();
          for (const subscription of subscriptions) subscription.unsubscribe();
          services.stop();
        },
      };
    },

    /** The status messages and toasts on screen now or at some moment since `since` (Date.now()). */
    messages(since: number): string[] {
      const seen = [...lastShown].filter(([, at]) => at >= since).map(([text]) => text);
      return [...new Set([...shownMessages(), ...seen])].filter((text) => text.trim() !== "");
    },

    /** A person waits: the app's clock moves on a second at a time (the resend countdown ticks each second). */
    elapse(seconds: number) {
      for (let second = 0; second < seconds; second++) clock.increment(1000);
    },

    /** Another tab of this browser signs in (stores its record) or out: the storage event the app listens to. */
    otherTab(user: StoredUser | null) {
      if (user) store.setItem(storageKeys.authUser, JSON.stringify(user));
      else storage.clearAuth();
      const storageArea = typeof Storage !== "undefined" && store instanceof Storage ? store : null;
      window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.authUser, storageArea }));
    },
  };
}

export type AuthWorld = ReturnType<typeof authWorld>;
