// Samples the statechart tools drive the KYC machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { kycDetails, kycForm, photoIds } from "./kyc.fixtures.ts";
import type { KycEvent } from "./kyc.types.ts";

const failure = (code: string, reason?: string) => ({ code, message: "server message", ...(reason ? { data: { reason } } : {}) });
const photo = new Blob(["photo"], { type: "image/jpeg" });

export const kycGraphSpec: MachineGraphSpec<undefined, KycEvent> = {
  events: [{ type: "kyc.submit", form: kycForm, photos: { front: photo, back: null, selfie: photo } }, { type: "kyc.reload" }, { type: "kyc.startOver" }],
  actors: {
    loadDetails: {
      done: [kycDetails("notStarted"), kycDetails("pending"), kycDetails("approved"), kycDetails("rejected"), kycDetails("rejected", { retry: false })],
      error: [failure("network")],
    },
    uploadPhotos: { done: [photoIds], error: [failure("badRequest", "validation")] },
    submit: {
      done: [kycDetails("pending")],
      error: [failure("badRequest", "validation"), failure("conflict", "kycInReview")],
    },
  },
};
