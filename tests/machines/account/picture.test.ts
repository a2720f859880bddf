import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { pictureMachine } from "../../../machines/account/picture.machine.ts";
import type { PictureEmitted, Profile, StoredFile } from "../../../machines/account/picture.types.ts";
import { profileWith } from "../../../machines/auth/auth.fixtures.ts";
import { pictureImplementations } from "../../../src/features/account/services/picture.ts";
import type { Call } from "../../../src/shared/api/call.ts";
import type { UploadOptions } from "../../../src/shared/api/upload.ts";

const MAX = 1000;
const stored = { id: "0b9e7f3a-8d0c-4e21-9f3b-5a6c7d8e9f01", url: "/files/0b9e7f3a-8d0c-4e21-9f3b-5a6c7d8e9f01.webp" } as StoredFile;
const withPicture = profileWith({ pictureUrl: stored.url });
const photo = new Blob([new Uint8Array(600)], { type: "image/jpeg" });

/** The app's implementations over a fake client whose upload the test drives by hand. */
function start(setPicture: (body: unknown) => Promise<Profile> = () => Promise.resolve(withPicture)) {
  let upload!: { form: FormData; options: UploadOptions; resolve: (file: StoredFile) => void; reject: (error: unknown) => void };
  const call = Object.assign(
    vi.fn((route: string, body: unknown) => (route === "uploadProfileImage" ? setPicture(body) : Promise.reject(new Error(route)))),
    {
      upload: vi.fn(
        (_path: string, form: FormData, options: UploadOptions = {}) =>
          new Promise((resolve, reject) => {
            upload = { form, options, resolve, reject };
          }),
      ),
    },
  ) as unknown as Call & { upload: ReturnType<typeof vi.fn> };
  const shareProfile = vi.fn();
  const actor = createActor(pictureMachine.provide(pictureImplementations({ call, shareProfile })), { input: { maxBytes: MAX } });
  const emitted: PictureEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, call, shareProfile, emitted, upload: () => upload };
}

describe("picture machine with the app's upload", () => {
  it("previews, uploads with progress, sets the picture and hands the profile to auth", async () => {
    const { actor, call, shareProfile, emitted, upload } = start();
    actor.send({ type: "picture.choose", file: photo });
    expect(actor.getSnapshot().hasTag("chosen")).toBe(true);
    expect(call.upload).not.toHaveBeenCalled();
    actor.send({ type: "picture.save" });
    await waitFor(actor, (state) => state.hasTag("uploading"));
    expect(upload().form.get("purpose")).toBe("avatar");
    expect(upload().form.get("file")).toBeInstanceOf(Blob);
    upload().options.onProgress?.(300, 600);
    expect(actor.getSnapshot().context.progress).toEqual({ sent: 300, total: 600 });
    upload().resolve(stored);
    await waitFor(actor, (state) => !state.hasTag("busy"));
    expect(call).toHaveBeenCalledWith("uploadProfileImage", { fileId: stored.id });
    expect(shareProfile).toHaveBeenCalledWith(withPicture);
    expect(emitted).toEqual([{ type: "picture.notice", notice: "pictureSaved" }]);
    expect(actor.getSnapshot().context).toMatchObject({ file: null, progress: null, error: null });
  });

  it("refuses an empty or too large file before sending anything, with the server's reasons", () => {
    const { actor, call } = start();
    actor.send({ type: "picture.choose", file: new Blob([]) });
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "upload", reason: "fileEmpty" });
    actor.send({ type: "picture.choose", file: new Blob([new Uint8Array(MAX + 1)]) });
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "upload", reason: "fileTooLarge" });
    expect(actor.getSnapshot().hasTag("chosen")).toBe(false);
    expect(call.upload).not.toHaveBeenCalled();
  });

  it("cancelling aborts the upload under way; a refused upload keeps the server's reason", async () => {
    const { actor, upload, call } = start();
    actor.send({ type: "picture.choose", file: photo });
    actor.send({ type: "picture.save" });
    await waitFor(actor, (state) => state.hasTag("uploading"));
    const first = upload();
    actor.send({ type: "picture.cancel" });
    expect(first.options.signal?.aborted).toBe(true);
    expect(actor.getSnapshot().hasTag("chosen")).toBe(false);

    actor.send({ type: "picture.choose", file: photo });
    actor.send({ type: "picture.save" });
    await waitFor(actor, () => upload() !== first);
    upload().reject(Object.assign(new Error("server says no"), { code: "invalid", data: { reason: "fileNotImage" } }));
    await waitFor(actor, (state) => !state.hasTag("busy"));
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "upload", reason: "fileNotImage" });
    expect(call).not.toHaveBeenCalled();
  });

  it("removes the picture", async () => {
    const { actor, call, shareProfile, emitted } = start(() => Promise.resolve(profileWith({ pictureUrl: null })));
    actor.send({ type: "picture.remove" });
    expect(actor.getSnapshot().hasTag("removing")).toBe(true);
    await waitFor(actor, (state) => !state.hasTag("busy"));
    expect(call).toHaveBeenCalledWith("uploadProfileImage", { fileId: null });
    expect(shareProfile).toHaveBeenCalledWith(expect.objectContaining({ pictureUrl: null }));
    expect(emitted).toEqual([{ type: "picture.notice", notice: "pictureRemoved" }]);
  });
});
