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

/** The signed-in user's profile as the server returns it (stored as `userInfo`). */
export interface UserInfo {
  id: string;
  email: string;
  fullName?: string;
  [field: string]: unknown;
}

export interface AuthContext {
  user: AuthUser | null;
  userInfo: UserInfo | null;
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
    // Errors from the API client carry a code; the machine branches on it, never on text.
    isUnauthorizedError: ({ event }) =>
      "error" in event && typeof event.error === "object" && event.error !== null && (event.error as { code?: unknown }).code === "unauthorized",
  },
  actions: {
    rememberUser: assign({
      user: ({ event }) => (event.type === "auth.storageChanged" ? event.user : null),
    }),
    forgetUser: assign({ user: null, userInfo: null }),
    rememberUserInfo: assign({
      userInfo: ({ event }) => ("output" in event ? (event.output as UserInfo) : null),
    }),
    // The app fills these in at the composition root: storage and navigation live outside machines.
    clearStoredAuth: () => {},
    redirectToLogin: () => {},
    redirectHome: () => {},
    storeUserInfo: () => {},
  },
  actors: {
    logout: fromPromise<void, { user: AuthUser | null }>(async () => {}),
    loadProfile: fromPromise<UserInfo, { user: AuthUser | null }>(async () => {
      throw new Error("loadProfile is provided by the app");
    }),
  },
}).createMachine({
  id: "auth",
  description: "Whether the visitor is signed in; guards and layouts read this, never storage.",
  context: ({ input }) => ({ user: input.storedUser, userInfo: null }),
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
      initial: "verifying",
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
        verifying: {
          description: "A stored token may be stale: the profile call proves it, or a 401 signs out.",
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            input: ({ context }) => ({ user: context.user }),
            onDone: { target: "active", actions: ["rememberUserInfo", "storeUserInfo"] },
            onError: [
              { guard: "isUnauthorizedError", target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectToLogin"] },
              { description: "Offline or a server fault: stay signed in; the next call tells.", target: "active" },
            ],
          },
          on: { "auth.logout": "loggingOut" },
        },
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
  actors: {
    logout: { done: [undefined], error: [new Error("network")] },
    loadProfile: {
      done: [{ id: "u-1", email: "trader@example.com", fullName: "Trader" }],
      error: [{ code: "unauthorized", message: "Session expired" }, { code: "network", message: "offline" }],
    },
  },
};
