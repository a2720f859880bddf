import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from "xstate";
import { output } from "../event-body.ts";

import { socialProviders, type SocialProviderName } from "../../contract/vocabulary.ts";

export { socialProviders };
export type SocialProvider = SocialProviderName;

/** Spec section 9: a 500×600 popup, and 8 seconds' grace after it closes before the request is rejected. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const CLOSED_GRACE_MS = 8_000;
export const POLL_INTERVAL_MS = 500;
/** After a reload the page has no handle on the popup: it listens this long for the popup's answer. */
export const RESUME_WAIT_MS = 120_000;

/** Why a social sign-in failed; the view translates each. */
export type SocialFailure = "popupBlocked" | "popupClosed" | CallbackFailure;

/** Failures the callback page reports: a foreign address, the user's refusal, an e-mail that belongs to another account, or the provider exchange failing. */
export type CallbackFailure = "unauthorizedDomain" | "denied" | "emailTaken" | "failed";

/** The open popup as the machine sees it: whether the user closed it, and a way to close it. */
export interface PopupHandle {
  /** Random per request; the callback page echoes it, so a stale popup's answer is ignored. */
  requestId: string;
  isClosed(): boolean;
  close(): void;
}

export interface SocialPopupInput {
  provider: SocialProvider;
  /** A request a popup opened before this page reloaded: only its answer is awaited, no window is opened. */
  resume?: { requestId: string };
}

export interface SocialPopupContext {
  provider: SocialProvider;
  popup: PopupHandle | null;
  /** The request whose answer counts: the open popup's, or the resumed one's. */
  requestId: string | null;
  code: string | null;
  failure: SocialFailure | null;
}

export type SocialPopupEvent =
  /** The callback page's answer, over BroadcastChannel or postMessage (origin already checked). */
  | { type: "social.result"; requestId: string; code: string }
  | { type: "social.failure"; requestId: string; reason: CallbackFailure }
  /** Another provider button while this popup is open: this request is cancelled, that one starts. */
  | { type: "social.request"; provider: SocialProvider };

/** A sign-in's end: the one-time code for /user/social-login, or why there is none. */
export type SocialPopupOutput = { ok: true; provider: SocialProvider; code: string } | { ok: false; provider: SocialProvider; failure: SocialFailure };

export const socialPopupMachine = setup({
  types: {
    context: {} as SocialPopupContext,
    events: {} as SocialPopupEvent,
    input: {} as SocialPopupInput,
    output: {} as SocialPopupOutput,
  },
  guards: {
    wasBlocked: (_, popup: PopupHandle | null) => popup === null,
    isResuming: ({ context }) => context.popup === null && context.requestId !== null,
    isPopupClosed: ({ context }) => context.popup?.isClosed() ?? true,
    isThisRequest: ({ context, event }) => {
      assertEvent(event, ["social.result", "social.failure"]);
      return context.requestId !== null && event.requestId === context.requestId;
    },
  },
  actions: {
    keepPopup: assign((_, popup: PopupHandle | null) => ({ popup, requestId: popup?.requestId ?? null })),
    keepCode: assign({
      code: ({ event }) => {
        assertEvent(event, "social.result");
        return event.code;
      },
    }),
    fail: assign({ failure: (_, { failure }: { failure: SocialFailure }) => failure }),
    switchRequest: assign(({ event }) => {
      assertEvent(event, "social.request");
      return { provider: event.provider, code: null, failure: null };
    }),
    closePopup: ({ context }) => context.popup?.close(),
  },
  actors: {
    /**
     * Opens (or, with the same window name, reuses) the 500×600 popup centred on this window at
     * the provider's start URL; null when the browser blocked it.
     */
    openPopup: fromPromise<PopupHandle | null, { provider: SocialProvider; current: PopupHandle | null }>(async () => null),
    /** Sends social.result / social.failure from the callback page; checks origin and shape. */
    listenForResult: fromCallback<EventObject>(() => () => {}),
  },
  delays: { pollInterval: POLL_INTERVAL_MS, closedGrace: CLOSED_GRACE_MS, resumeWait: RESUME_WAIT_MS },
}).createMachine({
  id: "socialPopup",
  description: "One social sign-in in a popup window, from opening it to a one-time code or a reason it failed.",
  context: ({ input }) => ({ provider: input.provider, popup: null, requestId: input.resume?.requestId ?? null, code: null, failure: null }),
  invoke: {
    id: "listenForResult",
    src: "listenForResult",
    onError: { description: "No channel to listen on: the popup's closing still ends the request." },
  },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "isResuming", target: "resumed" }, { target: "opening" }],
    },
    resumed: {
      description: "The page reloaded while the popup was open: its answer still signs in, for up to 2 minutes.",
      on: {
        "social.result": [{ guard: "isThisRequest", target: "succeeded", actions: "keepCode" }, { description: "An answer to another request: ignored." }],
        "social.failure": [
          { guard: "isThisRequest", target: "failed", actions: { type: "fail", params: ({ event }) => ({ failure: event.reason }) } },
          { description: "An answer to another request: ignored." },
        ],
        "social.request": { description: "Another sign-in replaces the resumed one.", target: "opening", actions: "switchRequest" },
      },
      after: { resumeWait: { target: "failed", actions: { type: "fail", params: { failure: "popupClosed" } } } },
    },
    opening: {
      invoke: {
        id: "openPopup",
        src: "openPopup",
        input: ({ context }) => ({ provider: context.provider, current: context.popup }),
        onDone: [
          {
            guard: { type: "wasBlocked", params: output },
            description: "window.open gave nothing.",
            target: "failed",
            actions: { type: "fail", params: { failure: "popupBlocked" } },
          },
          { target: "open", actions: { type: "keepPopup", params: output } },
        ],
        onError: { target: "failed", actions: { type: "fail", params: { failure: "popupBlocked" } } },
      },
    },
    open: {
      on: {
        "social.result": [{ guard: "isThisRequest", target: "succeeded", actions: "keepCode" }, { description: "An answer to an earlier request: ignored." }],
        "social.failure": [
          { guard: "isThisRequest", target: "failed", actions: [{ type: "fail", params: ({ event }) => ({ failure: event.reason }) }, "closePopup"] },
          { description: "An answer to an earlier request: ignored." },
        ],
        "social.request": {
          description: "Cancelled popup request (auth tells the user): the new one takes over the same window.",
          target: "opening",
          actions: "switchRequest",
        },
      },
      initial: "polling",
      states: {
        polling: {
          description: "Every half second: is the popup still open?",
          after: {
            pollInterval: [
              { guard: "isPopupClosed", target: "closedGrace" },
              { target: "polling", reenter: true },
            ],
          },
        },
        closedGrace: {
          description: "Closed, or only looks closed (a provider that severs window.opener): a result arriving within 8 seconds still wins.",
          after: { closedGrace: { target: "#socialPopup.failed", actions: { type: "fail", params: { failure: "popupClosed" } } } },
        },
      },
    },
    succeeded: {
      type: "final",
      entry: "closePopup",
    },
    failed: { type: "final" },
  },
  output: ({ context }) =>
    context.code !== null
      ? { ok: true as const, provider: context.provider, code: context.code }
      : { ok: false as const, provider: context.provider, failure: context.failure ?? "popupClosed" },
});
