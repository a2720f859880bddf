// The profile picture (issue 27): choose a photo and see it before saving; saving uploads it with
// progress (/file/add), then makes it the picture (/user/uploadProfileImage); or remove it.
import { pictureSetup } from "./picture.setup.ts";

export const pictureMachine = pictureSetup.createMachine({
  id: "picture",
  description: "Choose, preview, upload with progress and set the profile picture, or remove it.",
  context: ({ input }) => ({ maxBytes: input.maxBytes, file: null, progress: null, uploaded: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      description: "The current picture (or none); a failure stays shown until the next choice.",
      on: {
        "picture.choose": [
          { guard: "isEmpty", actions: { type: "refuse", params: { reason: "fileEmpty" } } },
          { guard: "isTooLarge", actions: { type: "refuse", params: { reason: "fileTooLarge" } } },
          { target: "chosen", actions: "choose" },
        ],
        "picture.remove": { target: "removing", actions: "clearError" },
        "picture.cancel": { actions: "clearError" },
      },
    },
    chosen: {
      description: "The chosen photo is previewed; nothing is sent until it is saved.",
      tags: ["chosen"],
      on: {
        "picture.choose": [
          { guard: "isEmpty", target: "idle", actions: [{ type: "refuse", params: { reason: "fileEmpty" } }, "forget"] },
          { guard: "isTooLarge", target: "idle", actions: [{ type: "refuse", params: { reason: "fileTooLarge" } }, "forget"] },
          { target: "chosen", reenter: true, actions: "choose" },
        ],
        "picture.save": "uploading",
        "picture.cancel": { target: "idle", actions: "forget" },
      },
    },
    uploading: {
      description: "The photo goes to /file/add, which checks and re-encodes it; progress as its bytes go out.",
      tags: ["busy", "chosen", "uploading"],
      invoke: {
        id: "uploadPicture",
        src: "uploadPicture",
        input: ({ context, self }) => ({ file: context.file!, reportTo: self }),
        onDone: { target: "setting", actions: { type: "keepUploaded", params: ({ event }) => ({ file: event.output }) } },
        onError: { target: "idle", actions: [{ type: "fail", params: { flow: "upload" } }, "forget"] },
      },
      on: {
        "picture.progress": { actions: "progress" },
        // Stopping the invoke aborts the request: nothing is kept unless it was already stored.
        "picture.cancel": { target: "idle", actions: "forget" },
      },
    },
    setting: {
      description: "The stored upload becomes the picture; auth keeps the profile it answers.",
      tags: ["busy", "chosen", "uploading"],
      invoke: {
        id: "setPicture",
        src: "setPicture",
        input: ({ context }) => ({ fileId: context.uploaded!.id }),
        onDone: {
          target: "idle",
          actions: [
            { type: "shareProfile", params: ({ event }) => ({ profile: event.output }) },
            "forget",
            { type: "notice", params: { notice: "pictureSaved" } },
          ],
        },
        onError: { target: "idle", actions: [{ type: "fail", params: { flow: "upload" } }, "forget"] },
      },
    },
    removing: {
      description: "The picture is removed (its file deleted); the profile answered has none.",
      tags: ["busy", "removing"],
      invoke: {
        id: "removePicture",
        src: "setPicture",
        input: { fileId: null },
        onDone: {
          target: "idle",
          actions: [
            { type: "shareProfile", params: ({ event }) => ({ profile: event.output }) },
            { type: "notice", params: { notice: "pictureRemoved" } },
          ],
        },
        onError: { target: "idle", actions: { type: "fail", params: { flow: "remove" } } },
      },
    },
  },
});
