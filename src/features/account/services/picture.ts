import { fromPromise } from "xstate";
import { routePaths } from "../../../../contract/routePaths.ts";
import type { pictureMachine } from "../../../../machines/account/picture.machine.ts";
import type { Profile, StoredFile, UploadInput } from "../../../../machines/account/picture.types.ts";
import type { Call } from "../../../shared/api/call.ts";

type PictureImplementations = Parameters<typeof pictureMachine.provide>[0];

/** What the picture machine does at its edges: the upload (with progress) and setting the picture. */
export function pictureImplementations({ call, shareProfile }: { call: Call; shareProfile: (profile: Profile) => void }) {
  return {
    actions: {
      shareProfile: (_, { profile }) => shareProfile(profile),
    },
    actors: {
      uploadPicture: fromPromise<StoredFile, UploadInput>(async ({ input, signal }) => {
        if (!call.upload) throw new Error("this app's API client cannot upload");
        const form = new FormData();
        form.set("file", input.file, "picture");
        form.set("purpose", "avatar");
        const onProgress = (sent: number, total: number) => input.reportTo.send({ type: "picture.progress", sent, total });
        return (await call.upload(routePaths.addFile, form, { signal, onProgress })) as StoredFile;
      }),
      setPicture: fromPromise<Profile, { fileId: string | null }>(({ input }) => call("uploadProfileImage", input)),
    },
  } satisfies PictureImplementations;
}
