import { render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createActor, fromPromise, type AnyActorLogic } from "xstate";
import { vi } from "vitest";
import { App } from "../../src/app/App.tsx";
import type { AppActors } from "../../src/shared/actors/context.tsx";
import { createEventLog } from "../../src/shared/actors/eventLog.ts";
import { activateLocale, loadCatalog } from "../../src/shared/i18n/catalogs.ts";
import { authMachine, type AuthUser } from "../../machines/auth/auth.machine.ts";
import { localeMachine, type Locale } from "../../machines/shell/locale.machine.ts";
import { routeProgressMachine } from "../../machines/shell/routeProgress.machine.ts";
import { codeCooldownMachine } from "../../machines/auth/codeCooldown.machine.ts";

// Fakes at the edge: each replaces one call the auth machine invokes (login, signup, …).
type AuthActors = Partial<Record<string, AnyActorLogic>>;

/** Renders the real app shell on a memory location; only the edges (server, storage) are fakes. */
export async function renderApp(
  path: string,
  options: { user?: AuthUser | null; locale?: Locale; logout?: () => Promise<void>; actors?: AuthActors } = {},
) {
  const memory = memoryLocation({ path, record: true });
  const eventLog = createEventLog();
  const effects = {
    clearStoredAuth: vi.fn(),
    logout: vi.fn(options.logout ?? (() => Promise.resolve())),
    loadProfile: vi.fn(() => Promise.resolve({ id: "u-1", email: "trader@example.com" })),
  };
  const auth = createActor(
    authMachine.provide({
      actions: {
        clearStoredAuth: effects.clearStoredAuth,
        redirectToLogin: () => memory.navigate("/login", { replace: true }),
        redirectHome: () => memory.navigate("/", { replace: true }),
        redirectToVerifyEmail: () => memory.navigate("/verify-email"),
        redirectToResetPassword: () => memory.navigate("/reset-password"),
      },
      actors: {
        logout: fromPromise(() => effects.logout()),
        loadProfile: fromPromise(() => effects.loadProfile()),
        ...(options.actors as object),
      },
    }),
    { input: { storedUser: options.user ?? null }, inspect: eventLog.inspectorFor("auth") },
  );
  const locale = createActor(
    localeMachine.provide({
      actors: { loadCatalog: fromPromise(({ input }) => loadCatalog(input.locale)) },
      actions: { applyLocale: ({ context }) => context.active && activateLocale(context.active) },
    }),
    { input: { locale: options.locale ?? "en" }, inspect: eventLog.inspectorFor("locale") },
  );
  const codeCooldown = createActor(codeCooldownMachine);
  auth.on("auth.codeCooldown", ({ seconds }) => codeCooldown.send({ type: "cooldown.start", seconds }));
  const actors: AppActors = {
    auth,
    locale,
    routeProgress: createActor(routeProgressMachine, { inspect: eventLog.inspectorFor("routeProgress") }),
    codeCooldown,
  };
  Object.values(actors).forEach((actor) => actor.start());
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <App actors={actors} eventLog={eventLog} />
    </Router>,
  );
  // The first catalog loads asynchronously; the shell renders once it is in.
  await screen.findByRole("main");
  return { ...view, memory, actors, effects, eventLog };
}
