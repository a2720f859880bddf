// Samples the statechart tools drive the picture machine with (npm run paths, npm test). Only the
// tools import this file: test data never reaches the app's bundle.
import { profileWith } from "../auth/auth.fixtures.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { PictureEvent, PictureInput, StoredFile } from "./picture.types.ts";

const MAX = 5 * 1024 * 1024;
const photo = new Blob([new Uint8Array(2048)], { type: "image/jpeg" });
const stored: StoredFile = {
  id: "0b9e7f3a-8d0c-4e21-9f3b-5a6c7d8e9f01",
  purpose: "avatar",
  contentType: "image/webp",
  size: 1800,
  width: 256,
  height: 256,
  sha256: "a".repeat(64),
  url: "/files/0b9e7f3a-8d0c-4e21-9f3b-5a6c7d8e9f01.webp",
  createdAt: "2026-11-28T12:00:00.000Z",
};
const apiError = (code: string, reason: string) => ({ code, message: "server message", data: { reason } });

export const pictureGraphSpec: MachineGraphSpec<PictureInput, PictureEvent> = {
  inputs: [{ maxBytes: MAX }],
  events: [
    { type: "picture.choose", file: photo },
    { type: "picture.choose", file: new Blob([]) },
    { type: "picture.choose", file: { size: MAX + 1 } as Blob },
    { type: "picture.save" },
    { type: "picture.cancel" },
    { type: "picture.remove" },
    { type: "picture.progress", sent: 1024, total: 2048 },
  ],
  actors: {
    uploadPicture: { done: [stored], error: [apiError("invalid", "fileNotImage")] },
    setPicture: { done: [profileWith({ pictureUrl: stored.url })], error: [apiError("notFound", "fileNotFound")] },
  },
};
