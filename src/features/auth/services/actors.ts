import { fromCallback, fromPromise } from "xstate";
import type { authMachine } from "../../../../machines/auth/auth.machine.ts";
import { flowOf } from "../../../../machines/auth/auth.setup.ts";
import { inactivityMachine } from "../../../../machines/auth/inactivity.machine.ts";
import { socialPopupMachine, type PopupHandle, type SocialPopupEvent, type SocialProvider } from "../../../../machines/auth/socialPopup.machine.ts";
import { writeSignedInHint } from "../../../shared/adapters/cookies.ts";
import type { AppStorage } from "../../../shared/adapters/storage.ts";
import type { Call } from "../../../shared/api/call.ts";
import { loginHref, paths, safeReturnTo, type Navigation } from "../../../shared/lib/paths.ts";
import type { FlowStore } from "../adapters/flowStore.ts";
import { lazyListener } from "../../../shared/actors/lazyListener.ts";
import { openPopup } from "../adapters/socialPopup.ts";

/** The social sign-in window: opening it, and the callback page's answers. */
export interface PopupEdge {
  open(input: { provider: SocialProvider }): PopupHandle | null;
  /** Delivers the callback page's answers until the returned function is called. */
  listen(sendBack: (event: SocialPopupEvent) => void): () => void;
}

/** The browser's popup window and callback channel. */
export const browserPopup: PopupEdge = {
  open: openPopup,
  // The listener's code loads on the first social button press, not before first paint.
  listen: lazyListener(() => import("../adapters/socialResult.ts").then((module) => module.listenForResult)),
};

// The user's mouse, keys and clicks matter once signed in; that code loads then.
const listenForActivity = lazyListener(() => import("../adapters/activity.ts").then((module) => module.listenForActivity));

export interface AuthEdges {
  call: Call;
  storage: AppStorage;
  navigation: Navigation;
  /** What a sign-in flow keeps across a reload of the tab (session storage). */
  flowStore: FlowStore;
  popup?: PopupEdge;
}

type AuthImplementations = Parameters<typeof authMachine.provide>[0];

/**
 * What the auth machine does at its edges: the calls of spec section 7's "Session" group, the
 * stored `authUser`/`userInfo`, navigation, and its two children of the auth feature (the
 * inactivity watch and the social popup). Push and account children come from their features.
 */
export function authImplementations({ call, storage, navigation, flowStore, popup = browserPopup }: AuthEdges) {
  // A new code asked for on its own page stays there, without a second history entry.
  const goTo = (path: string) => navigation.path() !== path && navigation.navigate(path);
  return {
    actions: {
      clearStoredAuth: () => {
        storage.clearAuth();
        writeSignedInHint(null);
      },
      storeSignedInUser: ({ context }) => {
        if (!context.user) return;
        storage.writeSignedInUser(context.user, context.userInfo);
        writeSignedInHint(storage.readToken());
      },
      storeUserInfo: ({ context }) => storage.writeUserInfo(context.userInfo),
      // A session that ends under a signed-in page (a 401) comes back to it after the next sign-in,
      // as when the page is opened signed out (DashboardLayout).
      redirectToLogin: () => navigation.navigate(loginHref(navigation.signedInPage?.() ?? undefined), { replace: true }),
      redirectHome: () => navigation.navigate(paths.home, { replace: true }),
      redirectToVerifyEmail: () => goTo(paths.verifyEmail),
      redirectToResetPassword: () => goTo(paths.resetPassword),
      // Checked again here: the address came through session storage, which anything may have written.
      redirectAfterSignIn: (_, { returnTo }) => navigation.navigate(safeReturnTo(returnTo) ?? paths.dashboard, { replace: true }),
      redirectToSetPassword: () => navigation.navigate(`${paths.profile}#set-password`, { replace: true }),
      storeFlow: ({ context }) => flowStore.writeFlow(flowOf(context)),
      forgetSocialRequest: () => flowStore.writeSocialRequest(null),
    },
    actors: {
      watchInactivity: inactivityMachine.provide({
        actions: { recordActivity: () => storage.writeLastActivityTime(Date.now()) },
        actors: {
          listenForActivity: fromCallback(({ sendBack }) => listenForActivity(sendBack)),
          // An unreadable stored time counts as now: bad data must not sign anyone out.
          readIdleTime: fromPromise(async () => ({ now: Date.now(), lastActivityAt: storage.readLastActivityTime() ?? Date.now() })),
        },
      }),
      socialPopup: socialPopupMachine.provide({
        actors: {
          // window.open runs within the click's own task (the send starts this actor at once):
          // Safari blocks a popup opened after an await.
          // The request is recorded, so a reload of this page still takes the popup's answer.
          openPopup: fromPromise(async ({ input }) => {
            const handle = popup.open(input);
            if (handle) flowStore.writeSocialRequest({ provider: input.provider, requestId: handle.requestId });
            return handle;
          }),
          listenForResult: fromCallback(({ sendBack }) => popup.listen(sendBack)),
        },
      }),
      login: fromPromise(({ input }) => call("login", input)),
      signup: fromPromise(({ input }) => call("signup", input)),
      sendOtp: fromPromise(({ input }) => call("sendOtp", input)),
      verifyOtp: fromPromise(({ input }) => call("verifyOtp", input)),
      socialLogin: fromPromise(({ input }) => call("socialLogin", input)),
      forgotPassword: fromPromise(({ input }) => call("forgotPassword", input)),
      resetPassword: fromPromise(({ input }) => call("resetPassword", input)),
      loadProfile: fromPromise(() => call("getProfile", {})),
      logout: fromPromise(() => call("logout")),
    },
  } satisfies AuthImplementations;
}
