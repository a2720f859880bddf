// /file/add: an image becomes a clean WebP kept as its owner's; anything else is refused in the
// request's language with nothing kept (no row, no file).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { testTempDir } from "../helpers/temp-dir.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import { bigJpeg, bombPng, elfExecutable, jpegWithGps, png, webp } from "./images.ts";
import { rowCount, storedNames, uploader } from "./upload.ts";

const dataDir = testTempDir("sarraf-files-");
const MAX = 200 * 1024;
let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) } });
const upload = uploader(() => t);

async function signedIn() {
  const user = await seedUser(database.db, { now: clock.now() });
  return { user, token: await seedSession(database.db, user, clock.now()) };
}

describe("POST /file/add", () => {
  it("re-encodes a phone photo to a 256×256 WebP without EXIF or GPS, and keeps it as the user's", async () => {
    const { user, token } = await signedIn();
    const original = await jpegWithGps(800, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(token, original);
    expect(res.status).toBe(200);
    const { data, message } = await bodyOf(res);
    expect(message).toBe("Your file has been uploaded.");
    expect(data).toMatchObject({ purpose: "avatar", contentType: "image/webp", width: 256, height: 256, url: `/files/${String(data?.id)}.webp` });
    expect(data?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowCount(database, user.id)).toBe(1);
    expect(await storedNames(dataDir)).toContain(`avatar/${String(data?.id)}.webp`);

    const served = await t.app.request(String(data?.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("ETag")).toBe(`"${String(data?.sha256)}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(data?.size);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Spy 3000"))).toBe(false);
    // A browser that has it is told so without the bytes.
    const again = await t.app.request(String(data?.url), { headers: { "If-None-Match": `"${String(data?.sha256)}"` } });
    expect(again.status).toBe(304);
  });

  it("decides the type by the bytes: a PNG named .gif and sent as text/plain, and a WebP, are taken", async () => {
    const { token } = await signedIn();
    const asGif = await upload(token, await png(), { name: "cat.gif", type: "text/plain" });
    expect(asGif.status).toBe(200);
    const fromWebp = await upload(token, await webp(), { name: "noext", type: "application/octet-stream" });
    expect(fromWebp.status).toBe(200);
  });

  it("keeps a document's shape and size class, and never serves it at a public address", async () => {
    const { token } = await signedIn();
    const res = await upload(token, await png(3000, 1000), { purpose: "kycDocument" });
    expect(res.status).toBe(200);
    const { data } = await bodyOf(res);
    expect(data).toMatchObject({ purpose: "kycDocument", width: 2000, height: 667, url: null });
    expect((await t.app.request(`/files/${String(data?.id)}.webp`)).status).toBe(404);
  });

  type Case = [
    name: string,
    bytes: () => Promise<Uint8Array> | Uint8Array,
    status: number,
    reason: string,
    en: string,
    ar: string,
    options?: { name?: string; type?: string },
  ];
  const cases: Case[] = [
    ["an empty file", () => new Uint8Array(0), 400, "fileEmpty", "This file is empty. Choose a photo.", "هذا الملف فارغ. اختر صورة."],
    [
      "a renamed executable",
      elfExecutable,
      422,
      "fileNotImage",
      "This file is not a photo we can use. Choose a JPEG, PNG or WebP image.",
      "هذا الملف ليس صورة يمكننا استخدامها. اختر صورة بصيغة JPEG أو PNG أو WebP.",
      { name: "photo.jpg", type: "image/jpeg" },
    ],
    [
      "a file over UPLOAD_MAX_BYTES",
      () => bigJpeg(MAX + 1),
      413,
      "fileTooLarge",
      "This file is too large. Choose a smaller photo.",
      "هذا الملف كبير جدًا. اختر صورة أصغر.",
    ],
    [
      "a 20000×20000 PNG of a few hundred bytes (a decompression bomb)",
      () => bombPng(20_000, 20_000),
      422,
      "imageTooLarge",
      "This image has too many pixels. Choose a smaller photo.",
      "عدد البكسلات في هذه الصورة كبير جدًا. اختر صورة أصغر.",
    ],
    [
      "a picture 13000 pixels long",
      () => bombPng(13_000, 10),
      422,
      "imageTooLarge",
      "This image has too many pixels. Choose a smaller photo.",
      "عدد البكسلات في هذه الصورة كبير جدًا. اختر صورة أصغر.",
    ],
    [
      "a JPEG cut in half",
      async () => {
        const whole = await jpegWithGps();
        return whole.subarray(0, whole.length >> 1);
      },
      422,
      "imageUnreadable",
      "This image is damaged or incomplete. Choose another photo.",
      "هذه الصورة تالفة أو غير مكتملة. اختر صورة أخرى.",
    ],
    [
      "a JPEG signature and nothing else",
      () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      422,
      "imageUnreadable",
      "This image is damaged or incomplete. Choose another photo.",
      "هذه الصورة تالفة أو غير مكتملة. اختر صورة أخرى.",
    ],
  ];

  it.each(cases)("refuses %s in English and Arabic, keeping nothing", async (_, bytes, status, reason, en, ar, options) => {
    const { user, token } = await signedIn();
    const before = await storedNames(dataDir);
    const body = await bytes();
    for (const [lang, words] of [
      ["en", en],
      ["ar", ar],
    ] as const) {
      const res = await upload(token, body, { ...options, lang });
      expect(res.status).toBe(status);
      const answer = await bodyOf(res);
      expect(answer).toMatchObject({ status: "error", message: words, data: { reason } });
      if (reason === "fileTooLarge") expect(answer.data).toMatchObject({ maxBytes: MAX });
    }
    expect(await rowCount(database, user.id)).toBe(0);
    expect(await storedNames(dataDir)).toEqual(before);
  });

  it("refuses a body that is not a form, a form without a file, an unknown purpose, and a stranger", async () => {
    const { user, token } = await signedIn();
    const json = await t.post("/file/add", { token, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect((await bodyOf(json)).message).toBe("Send the file as multipart/form-data.");

    const noFile = new FormData();
    noFile.set("purpose", "avatar");
    const missing = await t.app.request("/api/v1/file/add", { method: "POST", body: noFile, headers: { Authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(400);
    expect((await bodyOf(missing)).data).toMatchObject({ reason: "validation", fieldKeys: { file: "field.required" } });

    const purpose = await upload(token, await png(), { purpose: "passport" });
    expect(purpose.status).toBe(400);
    expect((await bodyOf(purpose)).data).toMatchObject({ reason: "validation", fieldKeys: { purpose: "field.invalid" } });

    expect((await upload(undefined, await png())).status).toBe(401);
    expect(await rowCount(database, user.id)).toBe(0);
  });

  it("refuses a declared body far past the limit before reading it", async () => {
    const { token } = await signedIn();
    const res = await t.app.request("/api/v1/file/add", {
      method: "POST",
      body: "x",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(10 * MAX) },
    });
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).data).toMatchObject({ reason: "fileTooLarge", maxBytes: MAX });
  });
});
