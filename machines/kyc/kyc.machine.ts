// Identity verification (issue 27): the form, its photos' upload and the submit, the wait for the
// review (polled on a named delay), and the outcome with its reasons and a retry when allowed.
import { output } from "../event-body.ts";
import { kycSetup, submissionOf } from "./kyc.setup.ts";

export const kycMachine = kycSetup.createMachine({
  id: "kyc",
  description: "The KYC page: reads where the verification stands and shows the form, the wait, or the outcome.",
  context: { details: null, draft: null, photoIds: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadDetails",
        src: "loadDetails",
        onDone: { target: "routing", actions: { type: "keepDetails", params: output } },
        onError: { target: "loadFailed", actions: { type: "fail", params: { flow: "load" } } },
      },
    },
    loadFailed: {
      tags: ["loadFailed"],
      description: "The state could not be read: said so, with a button to ask again.",
      on: { "kyc.reload": { target: "loading", actions: "clearFailure" } },
    },
    routing: {
      description: "Where the latest answer says the verification stands.",
      always: [
        { guard: "isPending", target: "pending" },
        { guard: "isApproved", target: "approved" },
        { guard: "canRetry", target: "rejected" },
        { guard: "isRejected", target: "rejectedFinal" },
        { target: "editing" },
      ],
    },
    editing: {
      tags: ["form"],
      description: "The form; a failed upload or submit shows here with each field's problem.",
      on: { "kyc.submit": { target: "uploading", actions: "keepDraft" } },
    },
    uploading: {
      tags: ["form", "busy", "uploading"],
      description: "The photos go up through /file/add; their ids go with the form.",
      invoke: {
        id: "uploadPhotos",
        src: "uploadPhotos",
        input: ({ context }) => context.draft!.photos,
        onDone: { target: "submitting", actions: { type: "keepPhotoIds", params: output } },
        onError: { target: "editing", actions: { type: "fail", params: { flow: "upload" } } },
      },
    },
    submitting: {
      tags: ["form", "busy", "submitting"],
      invoke: {
        id: "submit",
        src: "submit",
        input: submissionOf,
        onDone: { target: "routing", actions: [{ type: "keepDetails", params: output }, "forgetDraft"] },
        onError: [
          {
            guard: "isStaleForm",
            description: "Under review, approved or refused for good meanwhile (another tab): read the state again.",
            target: "loading",
            actions: "forgetDraft",
          },
          { target: "editing", actions: { type: "fail", params: { flow: "submit" } } },
        ],
      },
    },
    pending: {
      tags: ["pending"],
      description: "Under review: asks again after a while until the outcome arrives.",
      initial: "waiting",
      states: {
        waiting: { after: { pollDelay: { target: "checking" } } },
        checking: {
          tags: ["checking"],
          invoke: {
            id: "pollDetails",
            src: "loadDetails",
            onDone: { target: "#kyc.routing", actions: { type: "keepDetails", params: output } },
            // A failed ask is transient: wait and ask again.
            onError: { target: "waiting" },
          },
        },
      },
    },
    approved: {
      type: "final",
      tags: ["approved"],
      description: "Verified: the outcome, nothing more to do.",
    },
    rejected: {
      tags: ["rejected", "retryAllowed"],
      description: "Refused with reasons; a new submission is allowed.",
      on: { "kyc.startOver": { target: "editing" } },
    },
    rejectedFinal: {
      type: "final",
      tags: ["rejected", "final"],
      description: "Refused for good: the reasons and the way to support.",
    },
  },
});
