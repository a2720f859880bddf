// The upload limits the page is told and the server holds: UPLOADS_PER_HOUR per user, counted in
// the database (exactly, under concurrency), refused with a translated 429 of its own and the wait;
// and UPLOAD_MAX_BYTES told to the app in the HTML the server sends when it is not the default.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { elfExecutable, png } from "./images.ts";
import { rowCount, uploader } from "./upload.ts";

const dataDir = mkdtempSync(join(tmpdir(), "sarraf-files-limits-"));
const dist = mkdtempSync(join(tmpdir(), "sarraf-dist-"));
writeFileSync(join(dist, "index.html"), '<!doctype html><html lang="en"><title>Sarraf</title><div id="root"></div></html>');
mkdirSync(join(dist, "assets"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { env: { DATA_DIR: dataDir, UPLOADS_PER_HOUR: "3" } });
const upload = uploader(() => t);

async function signedIn() {
  const user = await seedUser(database.db, { now: clock.now() });
  return { user, token: await seedSession(database.db, user, clock.now()) };
}

describe("UPLOADS_PER_HOUR", () => {
  it("takes that many uploads an hour (a refused one counts too), then answers 429 in the request's language, keeping nothing", async () => {
    const { user, token } = await signedIn();
    expect((await upload(token, await png(300, 300))).status).toBe(200);
    clock.advance(10 * 60_000);
    expect((await upload(token, elfExecutable(), { name: "cat.jpg" })).status).toBe(422);
    clock.advance(10 * 60_000);
    expect((await upload(token, await png(310, 300))).status).toBe(200);
    clock.advance(10 * 60_000);

    const refused = await upload(token, await png(320, 300));
    expect(refused.status).toBe(429);
    const body = await bodyOf(refused);
    // The oldest counted upload leaves the hour 30 minutes from now.
    expect(body).toMatchObject({ status: "error", message: "You have uploaded many photos in the last hour. Please wait a while before uploading another." });
    expect(body.data).toEqual({ reason: "uploadsLimited", retryAfter: 30 * 60, perHour: 3 });
    expect(refused.headers.get("Retry-After")).toBe(String(30 * 60));
    const arabic = await upload(token, await png(320, 300), { lang: "ar" });
    expect((await bodyOf(arabic)).message).toBe("رفعت صورًا كثيرة خلال الساعة الأخيرة. يرجى الانتظار قليلًا قبل رفع صورة أخرى.");
    expect(await rowCount(database, user.id)).toBe(2);

    // Another user has an hour of their own.
    expect((await upload((await signedIn()).token, await png(330, 300))).status).toBe(200);
    // Once the first upload is an hour old, one more is taken.
    clock.advance(30 * 60_000 + 1_000);
    // (A session of its own: this one has been idle too long by now.)
    const later = await seedSession(database.db, user, clock.now());
    expect((await upload(later, await png(340, 300))).status).toBe(200);
    expect((await upload(later, await png(350, 300))).status).toBe(429);
  });

  it("admits exactly the limit when uploads arrive at once", async () => {
    const { user, token } = await signedIn();
    const bytes = await png(300, 300);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => upload(token, bytes)))).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await rowCount(database, user.id)).toBe(3);
  });
});

describe("UPLOAD_MAX_BYTES in the page's HTML", () => {
  it("is marked on <html> when it is not the default, so the page checks a file's size against the server's limit", async () => {
    const raised = createTestApp({ database, staticDir: dist, env: { UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) } });
    const page = await raised.app.request("/profile", { headers: { Accept: "text/html" } });
    expect(await page.text()).toContain('<html data-upload-max-bytes="8388608" lang="en">');
    const asBuilt = createTestApp({ database, staticDir: dist });
    expect(await (await asBuilt.app.request("/kyc", { headers: { Accept: "text/html" } })).text()).toContain('<html lang="en">');
  });
});
