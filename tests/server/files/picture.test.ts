// /user/uploadProfileImage and ownership: a picture is set only from the user's own upload made
// for it; a second user can neither set nor read the first one's files.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFiles, diskStore, UNUSED_PICTURE_MS } from "../../../server/modules/files/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, PASSWORD, seedSession, seedUser } from "../helpers/auth.ts";
import { testTempDir } from "../helpers/temp-dir.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import { jpegWithGps, png } from "./images.ts";
import { rowCount, storedNames, uploader } from "./upload.ts";

const dataDir = testTempDir("sarraf-pictures-");
let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { env: { DATA_DIR: dataDir } });
const upload = uploader(() => t);

async function signedIn() {
  const user = await seedUser(database.db, { now: clock.now() });
  return { user, token: await seedSession(database.db, user, clock.now()) };
}
async function uploaded(token: string, purpose = "avatar"): Promise<{ id: string; url: string | null }> {
  const res = await upload(token, await jpegWithGps(), { purpose });
  expect(res.status).toBe(200);
  return (await bodyOf(res)).data as { id: string; url: string | null };
}
const setPicture = (token: string, fileId: string | null, lang?: string) => t.post("/user/uploadProfileImage", { token, lang, body: { fileId } });
const pictureOf = async (token: string) => (await bodyOf(await t.post("/user/get-profile-by-id", { token }))).data?.pictureUrl;

describe("POST /user/uploadProfileImage", () => {
  it("sets the picture; the profile and every later sign-in answer carry its address", async () => {
    const { user, token } = await signedIn();
    expect(await pictureOf(token)).toBeNull();
    const file = await uploaded(token);
    const res = await setPicture(token, file.id);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ message: "Your profile picture has been updated.", data: { pictureUrl: `/files/${file.id}.webp` } });
    expect(await pictureOf(token)).toBe(file.url);
    const login = await t.post("/user/login", { body: { email: user.email, password: PASSWORD } });
    expect((await bodyOf(login)).data).toMatchObject({ pictureUrl: file.url });
  });

  it("replacing or removing the picture deletes the old file, so its address stops answering", async () => {
    const { user, token } = await signedIn();
    const first = await uploaded(token);
    await setPicture(token, first.id);
    const second = await uploaded(token);
    expect((await bodyOf(await setPicture(token, second.id))).data?.pictureUrl).toBe(second.url);
    expect((await t.app.request(first.url!)).status).toBe(404);
    expect(await storedNames(dataDir)).not.toContain(`avatar/${first.id}.webp`);
    // Setting the same picture again keeps it.
    expect((await setPicture(token, second.id)).status).toBe(200);
    expect((await t.app.request(second.url!)).status).toBe(200);

    const removed = await setPicture(token, null);
    expect((await bodyOf(removed)).data?.pictureUrl).toBeNull();
    expect((await t.app.request(second.url!)).status).toBe(404);
    expect(await rowCount(database, user.id)).toBe(0);
  });

  it("refuses a document as a picture, an unknown id and a malformed one, changing nothing", async () => {
    const { token } = await signedIn();
    const picture = await uploaded(token);
    await setPicture(token, picture.id);
    const document = await uploaded(token, "kycDocument");
    for (const id of [document.id, "8b0f5d9e-3c1a-4f7e-9a2b-1c2d3e4f5a6b"]) {
      const res = await setPicture(token, id, "ar");
      expect(res.status).toBe(404);
      expect(await bodyOf(res)).toMatchObject({ message: "لم نجد هذه الصورة. ارفعها مرة أخرى.", data: { reason: "fileNotFound" } });
    }
    const bad = await setPicture(token, "../../etc/passwd");
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data).toMatchObject({ reason: "validation", fieldKeys: { fileId: "field.invalid" } });
    expect(await pictureOf(token)).toBe(picture.url);
  });
});

describe("two users", () => {
  it("the second can neither set the first's picture file as theirs nor read the first's files", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const picture = await uploaded(first.token);
    await setPicture(first.token, picture.id);
    const document = await uploaded(first.token, "kycDocument");

    for (const id of [picture.id, document.id]) {
      const res = await setPicture(second.token, id);
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).data).toMatchObject({ reason: "fileNotFound" });
    }
    expect(await pictureOf(second.token)).toBeNull();
    expect(await pictureOf(first.token)).toBe(picture.url);
    // The second removing their own picture touches nothing of the first's.
    expect((await setPicture(second.token, null)).status).toBe(200);
    expect((await t.app.request(picture.url!)).status).toBe(200);

    // The service's ownership-checked reads, as KYC uses them.
    const files = createFiles({
      db: database.db,
      store: diskStore(join(dataDir, "files")),
      logger: createLogger("silent"),
      now: clock.now,
      maxBytes: 1 << 20,
      uploadsPerHour: 20,
    });
    expect(await files.fileFor(second.user.id, document.id)).toBeNull();
    expect(await files.fileFor(second.user.id, picture.id)).toBeNull();
    expect(await files.owned(second.user.id, document.id)).toBeNull();
    const own = await files.fileFor(first.user.id, document.id);
    expect(own?.file).toMatchObject({ id: document.id, purpose: "kycDocument" });
    expect(own?.bytes.byteLength).toBe(own?.file.size);
    // A document is never served by its id, to anyone.
    expect(await files.publicPicture(document.id)).toBeNull();
  });

  it("a day after upload, pictures nobody set are deleted; pictures in use and documents stay", async () => {
    const { user, token } = await signedIn();
    const files = createFiles({
      db: database.db,
      store: diskStore(join(dataDir, "files")),
      logger: createLogger("silent"),
      now: clock.now,
      maxBytes: 1 << 20,
      uploadsPerHour: 20,
    });
    const inUse = await uploaded(token);
    await setPicture(token, inUse.id);
    const unused = await uploaded(token);
    const document = await uploaded(token, "kycDocument");
    expect(await files.pruneUnusedPictures(new Date(clock.now().getTime() - UNUSED_PICTURE_MS))).toBe(0);
    clock.advance(UNUSED_PICTURE_MS + 1000);
    expect(await files.pruneUnusedPictures(new Date(clock.now().getTime() - UNUSED_PICTURE_MS))).toBeGreaterThanOrEqual(1);
    expect(await files.owned(user.id, unused.id)).toBeNull();
    expect(await storedNames(dataDir)).not.toContain(`avatar/${unused.id}.webp`);
    expect(await files.owned(user.id, inUse.id)).not.toBeNull();
    expect(await files.owned(user.id, document.id)).not.toBeNull();
    expect((await t.app.request(inUse.url!)).status).toBe(200);
  });

  it("serves nothing for a malformed or unknown picture address", async () => {
    for (const path of ["/files/nope.webp", "/files/8b0f5d9e-3c1a-4f7e-9a2b-1c2d3e4f5a6b.webp", "/files/..%2F..%2Fetc%2Fpasswd"]) {
      expect((await t.app.request(path)).status).toBe(404);
    }
    const { token } = await signedIn();
    expect((await upload(token, await png())).status).toBe(200);
  });
});
