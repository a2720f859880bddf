import { fromPromise } from "xstate";
import type { kycMachine } from "../../../../machines/kyc/kyc.machine.ts";
import type { KycPhotoIds, KycPhotos } from "../../../../machines/kyc/kyc.types.ts";
import type { Call } from "../../../shared/api/call.ts";
import { routePaths } from "../../../../contract/routePaths.ts";
import type { StoredFile } from "../../../../contract/index.ts";

type KycImplementations = Parameters<typeof kycMachine.provide>[0];

/** One photo through /file/add (multipart: the image and what it is for); answers its id. */
async function upload(call: Call, photo: Blob, purpose: "kycDocument" | "kycSelfie", signal: AbortSignal): Promise<string> {
  if (!call.upload) throw new Error("this app's API client cannot upload");
  const form = new FormData();
  form.set("file", photo, purpose);
  form.set("purpose", purpose);
  return ((await call.upload(routePaths.addFile, form, { signal })) as StoredFile).id;
}

/** What the KYC machine does at its edges: spec section 7's "KYC" calls and the photos' uploads. */
export function kycImplementations({ call }: { call: Call }) {
  return {
    actors: {
      loadDetails: fromPromise(() => call("kycDetails", {})),
      uploadPhotos: fromPromise(async ({ input, signal }: { input: KycPhotos; signal: AbortSignal }): Promise<KycPhotoIds> => {
        const [frontFileId, backFileId, selfieFileId] = await Promise.all([
          upload(call, input.front, "kycDocument", signal),
          input.back ? upload(call, input.back, "kycDocument", signal) : Promise.resolve(undefined),
          upload(call, input.selfie, "kycSelfie", signal),
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
