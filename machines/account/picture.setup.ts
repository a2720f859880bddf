// The profile picture machine's named guards, actions and actors: its chart (picture.machine.ts) only names them.
import { assign, emit, fromPromise, setup } from "xstate";
import { errorOf, failureOf } from "../failure.ts";
import type {
  PictureContext,
  PictureEmitted,
  PictureEvent,
  PictureFlow,
  PictureInput,
  PictureNotice,
  PictureTag,
  Profile,
  StoredFile,
  UploadInput,
} from "./picture.types.ts";

// The calls are the app's (src/features/account/services/picture.ts); these stand-ins only type them.
const call = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

const chosenSize = (event: PictureEvent) => (event.type === "picture.choose" ? event.file.size : 0);
/** A refusal decided here, worded like the server's (the view translates the reason). */
const localRefusal = (reason: "fileEmpty" | "fileTooLarge") => ({ code: reason === "fileEmpty" ? "badRequest" : "tooLarge", message: "", data: { reason } });

export const pictureSetup = setup({
  types: {
    context: {} as PictureContext,
    events: {} as PictureEvent,
    input: {} as PictureInput,
    emitted: {} as PictureEmitted,
    tags: {} as PictureTag,
  },
  actors: {
    uploadPicture: call<StoredFile, UploadInput>("uploadPicture"),
    setPicture: call<Profile, { fileId: string | null }>("setPicture"),
  },
  guards: {
    isEmpty: ({ event }) => event.type === "picture.choose" && chosenSize(event) === 0,
    isTooLarge: ({ context, event }) => chosenSize(event) > context.maxBytes,
  },
  actions: {
    choose: assign({ file: ({ event }) => (event.type === "picture.choose" ? event.file : null), error: null, progress: null }),
    forget: assign({ file: null, progress: null, uploaded: null }),
    clearError: assign({ error: null }),
    refuse: assign({ error: (_, { reason }: { reason: "fileEmpty" | "fileTooLarge" }) => failureOf<PictureFlow>("upload", localRefusal(reason)), file: null }),
    fail: assign({ error: ({ event }, { flow }: { flow: PictureFlow }) => failureOf(flow, errorOf(event)), progress: null }),
    progress: assign({ progress: ({ event }) => (event.type === "picture.progress" ? { sent: event.sent, total: event.total } : null) }),
    keepUploaded: assign({ uploaded: (_, { file }: { file: StoredFile }) => file }),
    notice: emit((_, { notice }: { notice: PictureNotice }) => ({ type: "picture.notice" as const, notice })),
    // The app hands the new profile to auth, which keeps it: the layout's picture changes at once.
    shareProfile: (_, _params: { profile: Profile }) => {},
  },
});
