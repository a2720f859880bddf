import { assign, fromPromise, setup } from "xstate";
import type { MachineGraphSpec } from "./graph-spec.ts";

/** The stored auth record: the API answers with `Token`, some responses with `token`. */
export interface AuthUser {
  Token?: string;
  token?: string;
  [field: string]: unknown;
}

export interface AuthInput {
  storedUser: AuthUser | null;
}

export interface AuthContext {
  user: AuthUser | null;
}

export type AuthEvent =
  | { type: "auth.logout" }
  | { type: "auth.unauthorized" }
  /** Another tab (or a later sign-in flow) stored a new auth record, or cleared it. */
  | { type: "auth.storageChanged"; user: AuthUser | null };

export function tokenOf(user: AuthUser | null | undefined): string | null {
  const token = user?.Token ?? user?.token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  guards: {
    hasStoredToken: ({ context }) => tokenOf(context.user) !== null,
    eventHasToken: ({ event }) => event.type === "auth.storageChanged" && tokenOf(event.user) !== null,
  },
  actions: {
    rememberUser: assign({
      user: ({ event }) => (event.type === "auth.storageChanged" ? event.user : null),
    }),
    forgetUser: assign({ user: null }),
    // The app fills these in at the composition root: storage and navigation live outside machines.
    clearStoredAuth: () => {},
    redirectToLogin: () => {},
    redirectHome: () => {},
  },
  actors: {
    logout: fromPromise<void, { user: AuthUser | null }>(async () => {}),
  },
}).createMachine({
  id: "auth",
  description: "Whether the visitor is signed in; guards and layouts read this, never storage.",
  context: ({ input }) => ({ user: input.storedUser }),
  initial: "restoring",
  states: {
    restoring: {
      description: "Authenticated at start only if the stored user has a Token.",
      always: [
        { guard: "hasStoredToken", target: "authenticated" },
        { target: "unauthenticated", actions: "forgetUser" },
      ],
    },
    unauthenticated: {
      on: {
        // A 401 while signed out (a stale token in another tab, say) still clears what is stored.
        "auth.unauthorized": { actions: ["clearStoredAuth", "redirectToLogin"] },
        "auth.storageChanged": [
          { guard: "eventHasToken", target: "authenticated", actions: "rememberUser" },
          { actions: "forgetUser" },
        ],
      },
    },
    authenticated: {
      initial: "active",
      on: {
        "auth.unauthorized": {
          target: "unauthenticated",
          actions: ["forgetUser", "clearStoredAuth", "redirectToLogin"],
        },
        "auth.storageChanged": [
          { guard: "eventHasToken", actions: "rememberUser" },
          { target: "unauthenticated", actions: "forgetUser" },
        ],
      },
      states: {
        active: {
          on: { "auth.logout": "loggingOut" },
        },
        loggingOut: {
          description: "The local session ends whatever the server answers; a failed call still signs out here.",
          invoke: {
            id: "logout",
            src: "logout",
            input: ({ context }) => ({ user: context.user }),
            onDone: { target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectHome"] },
            onError: { target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectHome"] },
          },
        },
      },
    },
  },
});

const signedIn: AuthUser = { Token: "t-123", email: "trader@example.com" };

export const authGraphSpec: MachineGraphSpec<AuthInput, AuthEvent> = {
  inputs: [{ storedUser: signedIn }, { storedUser: null }, { storedUser: { token: "" } }],
  events: [
    { type: "auth.logout" },
    { type: "auth.unauthorized" },
    { type: "auth.storageChanged", user: signedIn },
    { type: "auth.storageChanged", user: null },
  ],
  actors: { logout: { done: [undefined], error: [new Error("network")] } },
};
