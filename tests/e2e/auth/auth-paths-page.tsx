// The whole app as a browser page for the auth machine's generated paths in Chromium
// (tests/e2e/auth/auth-paths.test.ts bundles it with Vite): for each path the hook empties the
// tab's storage, builds that path's world (tests/statecharts/auth-ui-world.ts) and mounts the app
// around the driven auth actor, at the app's own origin, with its stylesheet.
import { createRoot } from "react-dom/client";
import type { AuthInput, StoredUser } from "../../../machines/auth/auth.types.ts";
import { installUiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import { authWorld, type AuthWorld } from "../../statecharts/auth-ui-world.ts";
import "../../../src/styles.css";

let world: AuthWorld | undefined;

/** What the test's screen adapter asks of the current path's world (the hook itself knows only the machine). */
export interface AuthPathsWorldHook {
  elapse(seconds: number): void;
  otherTab(user: StoredUser | null): void;
  messages(since: number): string[];
}

const hook: AuthPathsWorldHook = {
  elapse: (seconds) => world!.elapse(seconds),
  otherTab: (user) => world!.otherTab(user),
  messages: (since) => world!.messages(since),
};
(globalThis as Record<string, unknown>).__authPathsWorld = hook;

installUiPathsHook(
  (input) => {
    localStorage.clear();
    sessionStorage.clear();
    world = authWorld(input as AuthInput, { store: localStorage, session: sessionStorage });
    return world.machine;
  },
  (actor) => {
    const app = world!.compose(actor);
    const root = createRoot(document.getElementById("root")!);
    root.render(app.element);
    return () => {
      root.unmount();
      app.stop();
      // Toasts live in their library's store, beyond the unmounted app: the next path starts with none.
      void import("react-hot-toast").then(({ default: toasts }) => toasts.remove());
    };
  },
);
