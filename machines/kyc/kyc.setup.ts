// The KYC machine's named guards, actions, actors and delays: its chart (kyc.machine.ts) only
// names them. The calls are the app's (src/features/kyc/services/actors.ts).
import { assign, fromPromise, setup } from "xstate";
import type { KycSubmitBody } from "../../contract/index.ts";
import { errorOf, failureOf } from "../failure.ts";
import { KYC_POLL_MS, type KycContext, type KycDetails, type KycEvent, type KycFlow, type KycPhotoIds, type KycPhotos, type KycTag } from "./kyc.types.ts";

// These stand-ins only type the calls; the app provides them.
const call = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

/** The submit refusals that mean the form is out of date: the state is read again instead. */
const STALE_FORM = new Set(["kycInReview", "kycAlreadyApproved", "kycRejectedFinal"]);

/** The submit's body: the form with its photos' ids. */
export const submissionOf = ({ context }: { context: KycContext }): KycSubmitBody => ({ ...context.draft!.form, ...context.photoIds! });

export const kycSetup = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    tags: {} as KycTag,
  },
  actors: {
    loadDetails: call<KycDetails, void>("loadDetails"),
    uploadPhotos: call<KycPhotoIds, KycPhotos>("uploadPhotos"),
    submit: call<KycDetails, KycSubmitBody>("submit"),
  },
  delays: {
    pollDelay: KYC_POLL_MS,
  },
  guards: {
    isPending: ({ context }) => context.details?.status === "pending",
    isApproved: ({ context }) => context.details?.status === "approved",
    canRetry: ({ context }) => context.details?.status === "rejected" && context.details.application?.review?.retryAllowed === true,
    isRejected: ({ context }) => context.details?.status === "rejected",
    isStaleForm: ({ event }) => {
      const reason = failureOf("submit", errorOf(event)).reason;
      return reason !== null && STALE_FORM.has(reason);
    },
  },
  actions: {
    keepDetails: assign({ details: (_, details: KycDetails) => details, failure: null }),
    keepDraft: assign({
      draft: ({ event }) => (event.type === "kyc.submit" ? { form: event.form, photos: event.photos } : null),
      photoIds: null,
      failure: null,
    }),
    keepPhotoIds: assign({ photoIds: (_, ids: KycPhotoIds) => ids }),
    forgetDraft: assign({ draft: null, photoIds: null }),
    fail: assign({ failure: ({ event }, { flow }: { flow: KycFlow }) => failureOf(flow, errorOf(event)) }),
    clearFailure: assign({ failure: null }),
  },
});
