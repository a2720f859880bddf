// A KYC world for server tests: the real app and database with the identity provider the test
// chooses (the sandbox by default), a clock the test moves, and the sandbox's passes run by hand.
import { envWith } from "../../../server/env.ts";
import { kycForm } from "../../../machines/kyc/kyc.fixtures.ts";
import { createKyc, photosFrom, type Kyc, type KycProvider } from "../../../server/modules/kyc/index.ts";
import { createFiles, fileStoreFor } from "../../../server/modules/files/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { testTempDir } from "../helpers/temp-dir.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { png } from "../files/images.ts";
import { uploader } from "../files/upload.ts";

export interface Clock {
  now: () => Date;
  advance(ms: number): Date;
}

export const REVIEW_SECONDS = 5;

/** A form the server accepts: an adult's passport (no back photo needed), the machines' own sample with photo ids. */
export const FORM = { ...kycForm, frontFileId: "file-front-1", selfieFileId: "file-selfie-1" } as const;

/** Uploads a document front, back and a selfie as the user, through /file/add: their ids. */
export async function uploadPhotos(t: TestApp, token: string) {
  const upload = uploader(() => t);
  const idOf = async (purpose: string, width: number) => {
    const res = await upload(token, await png(width, 400), { name: "photo.png", type: "image/png", purpose });
    const body = (await bodyOf(res)) as { data?: { id?: string } };
    if (res.status !== 200 || !body.data?.id) throw new Error(`upload answered ${res.status}`);
    return body.data.id;
  };
  return { frontFileId: await idOf("kycDocument", 600), backFileId: await idOf("kycDocument", 610), selfieFileId: await idOf("kycSelfie", 400) };
}

export function kycWorld(
  database: Database,
  clock: Clock,
  settings: Record<string, string> = {},
  options: { provider?: KycProvider; fetch?: typeof fetch } = {},
) {
  settings = { DATA_DIR: testTempDir("sarraf-kyc-"), ...settings };
  const env = envWith({ KYC_SANDBOX_REVIEW_SECONDS: String(REVIEW_SECONDS), ...settings });
  const logger = createLogger("silent");
  // The files service over the same database and folder as the app's: the photos Sumsub is sent.
  const files = createFiles({
    db: database.db,
    store: fileStoreFor(env),
    logger,
    now: clock.now,
    maxBytes: env.UPLOAD_MAX_BYTES,
    uploadsPerHour: env.UPLOADS_PER_HOUR,
  });
  const kyc: Kyc = createKyc({ db: database.db, env, logger, now: clock.now, provider: options.provider, fetch: options.fetch, photos: photosFrom(files) });
  const t: TestApp = createTestApp({ database, now: clock.now, kyc, env: { KYC_SANDBOX_REVIEW_SECONDS: String(REVIEW_SECONDS), ...settings } });

  // Each user's own uploaded photos: a submission sends them unless a test says otherwise.
  const photosOf = new Map<string, Awaited<ReturnType<typeof uploadPhotos>>>();
  async function user() {
    const account = await seedUser(database.db);
    const token = await seedSession(database.db, account, clock.now());
    const photos = await uploadPhotos(t, token);
    photosOf.set(token, photos);
    return { id: account.id, token, photos };
  }

  const call = async (path: string, token: string, body?: unknown, lang?: string) => {
    const res = await t.post(path, { token, body, lang });
    return { res, body: await bodyOf(res) };
  };
  const submit = (token: string, change: Record<string, unknown> = {}, lang?: string) => {
    const photos = photosOf.get(token);
    const own = photos ? { frontFileId: photos.frontFileId, selfieFileId: photos.selfieFileId } : {};
    return call("/user/kyc/submit", token, { ...FORM, ...own, ...change }, lang);
  };
  const check = (token: string) => call("/user/check-kyc-verification", token, {});
  const details = (token: string) => call("/user/kyc/details", token, {});

  /** Moves the clock on and runs the sandbox's pass, as the server's schedule would. */
  async function run(ms: number) {
    clock.advance(ms);
    await kyc.review();
  }

  return { t, kyc, user, call, submit, check, details, run };
}

export type KycWorld = ReturnType<typeof kycWorld>;
