import { fromPromise } from "xstate";
import type { kycMachine } from "../../../../machines/kyc/kyc.machine.ts";
import type { KycPhotoIds, KycPhotos } from "../../../../machines/kyc/kyc.types.ts";
import type { Call } from "../../../shared/api/call.ts";

type KycImplementations = Parameters<typeof kycMachine.provide>[0];

/** One photo through /file/add (multipart: the image and what it is for); answers its id. */
async function upload(call: Call, photo: Blob, purpose: "kycDocument" | "kycSelfie"): Promise<string> {
  const form = new FormData();
  form.append("file", photo);
  form.append("purpose", purpose);
  // The client sends FormData as it is (multipart); the answer is the stored file.
  const stored = (await call("addFile", form as unknown as Record<string, unknown>)) as { id?: unknown } | null;
  if (typeof stored?.id !== "string") throw { code: "unexpected", message: "The upload answered without a file id." };
  return stored.id;
}

/** What the KYC machine does at its edges: spec section 7's "KYC" calls and the photos' uploads. */
export function kycImplementations({ call }: { call: Call }) {
  return {
    actors: {
      loadDetails: fromPromise(() => call("kycDetails", {})),
      uploadPhotos: fromPromise(async ({ input }: { input: KycPhotos }): Promise<KycPhotoIds> => {
        const [frontFileId, backFileId, selfieFileId] = await Promise.all([
          upload(call, input.front, "kycDocument"),
          input.back ? upload(call, input.back, "kycDocument") : Promise.resolve(undefined),
          upload(call, input.selfie, "kycSelfie"),
        ]);
        return { frontFileId, selfieFileId, ...(backFileId ? { backFileId } : {}) };
      }),
      submit: fromPromise(({ input }) => call("kycSubmit", input)),
    },
  } satisfies KycImplementations;
}

/** The user's verification state and the card-buy threshold (/user/check-kyc-verification). */
// A failed read shows nothing (the page that needs it, the KYC page, says so itself).
export const kycCheckLogic = (call: Call) => fromPromise(() => call("checkKyc", {}).catch(() => null));
