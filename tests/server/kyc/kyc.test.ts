// Identity verification over HTTP against the real database, through the sandbox reviewer: the
// states, the sandbox's rules with a moved clock, resubmission after a retry, bad input, ownership.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { KycCheck, KycDetails } from "../../../contract/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { KycNotApproved, kycStatus, requireKycApproved } from "../../../server/modules/kyc/index.ts";
import { FORM, kycWorld, REVIEW_SECONDS, type KycWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: KycWorld;

const count = async () =>
  Number(((await database.db.execute(sql`SELECT count(*)::int AS n FROM kyc_applications`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
  w = kycWorld(database, clock);
});
afterAll(() => database.close());

describe("the states", () => {
  it("starts not started, with the card-buy threshold", async () => {
    const { token } = await w.user();
    const { res, body } = await w.check(token);
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ status: "notStarted", retryAllowed: false, submittedAt: null, reviewedAt: null, cardBuyThresholdUsd: "1000" });
    expect((await w.details(token)).body.data).toEqual({ status: "notStarted", application: null });
  });

  it("is pending once submitted, and the sandbox approves after its delay, not before", async () => {
    const { token } = await w.user();
    const { res, body } = await w.submit(token, { firstName: " Amal ", country: "ae", documentNumber: "n 123-4567" });
    expect(res.status, JSON.stringify(body)).toBe(200);
    const submitted = body.data as unknown as KycDetails;
    expect(submitted.status).toBe("pending");
    expect(submitted.application).toMatchObject({ firstName: "Amal", country: "AE", documentNumberEnd: "4567", review: null, backFileId: null });
    expect(JSON.stringify(submitted)).not.toContain("N 123-4567");

    await w.run(REVIEW_SECONDS * 1000 - 1);
    expect(((await w.check(token)).body.data as unknown as KycCheck).status).toBe("pending");
    await w.run(1);
    const check = (await w.check(token)).body.data as unknown as KycCheck;
    expect(check).toMatchObject({ status: "approved", retryAllowed: false, submittedAt: submitted.application!.submittedAt });
    expect(check.reviewedAt).toBe(clock.now().toISOString());
    const details = (await w.details(token)).body.data as unknown as KycDetails;
    expect(details.application!.review).toEqual({ outcome: "approved", retryAllowed: false, reasons: [], note: null, reviewedAt: check.reviewedAt });
  });

  it('"Retry" is rejected with reasons and a retry; the resubmission is reviewed afresh and approved', async () => {
    const { token, photos } = await w.user();
    expect((await w.submit(token, { lastName: "retry" })).res.status).toBe(200);
    await w.run(REVIEW_SECONDS * 1000);
    const rejected = (await w.details(token)).body.data as unknown as KycDetails;
    expect(rejected.status).toBe("rejected");
    expect(rejected.application!.review).toMatchObject({ outcome: "rejected", retryAllowed: true, reasons: ["documentUnreadable"] });
    expect(rejected.application!.review!.note).toMatch(/blurred/);
    expect((await w.check(token)).body.data).toMatchObject({ status: "rejected", retryAllowed: true });

    const again = await w.submit(token, { lastName: "Haddad", frontFileId: photos.backFileId });
    expect(again.res.status).toBe(200);
    expect((again.body.data as unknown as KycDetails).application).toMatchObject({ lastName: "Haddad", frontFileId: photos.backFileId, review: null });
    await w.run(REVIEW_SECONDS * 1000);
    expect((await w.check(token)).body.data).toMatchObject({ status: "approved" });
  });

  it('"Final" is rejected for good: no new submission is taken', async () => {
    const { token } = await w.user();
    await w.submit(token, { lastName: "Final" });
    await w.run(REVIEW_SECONDS * 1000);
    expect((await w.check(token)).body.data).toMatchObject({ status: "rejected", retryAllowed: false });
    const before = await count();
    for (const lang of ["en", "ar"]) {
      const { res, body } = await w.submit(token, {}, lang);
      expect(res.status).toBe(409);
      expect(body.data).toEqual({ reason: "kycRejectedFinal" });
      expect(body.message).toMatch(lang === "ar" ? /[\u0600-\u06ff]/ : /support/);
    }
    expect(await count()).toBe(before);
  });

  it('"Selfie" is rejected with a retry for the selfie', async () => {
    const { token } = await w.user();
    await w.submit(token, { lastName: "SELFIE" });
    await w.run(REVIEW_SECONDS * 1000);
    const review = ((await w.details(token)).body.data as unknown as KycDetails).application!.review;
    expect(review).toMatchObject({ retryAllowed: true, reasons: ["selfieMismatch"] });
  });

  it("refuses a second submission while one is under review, and one after approval", async () => {
    const { token } = await w.user();
    await w.submit(token);
    expect((await w.submit(token)).body.data).toEqual({ reason: "kycInReview" });
    // Two at once: the database lets one through.
    const { token: other } = await w.user();
    const both = await Promise.all([w.submit(other), w.submit(other)]);
    expect(both.map(({ res }) => res.status).sort()).toEqual([200, 409]);
    await w.run(REVIEW_SECONDS * 1000);
    const { res, body } = await w.submit(token);
    expect(res.status).toBe(409);
    expect(body.data).toEqual({ reason: "kycAlreadyApproved" });
  });
});

describe("bad input", () => {
  it.each([
    ["no first name", { firstName: "" }, "firstName", "name.required"],
    ["digits in a name", { lastName: "H4ddad" }, "lastName", "field.invalid"],
    ["a date that does not exist", { dateOfBirth: "1990-02-30" }, "dateOfBirth", "date.invalid"],
    ["no date of birth", { dateOfBirth: " " }, "dateOfBirth", "field.required"],
    ["a date in another form", { dateOfBirth: "17/05/1990" }, "dateOfBirth", "date.invalid"],
    ["a 17-year-old (18 tomorrow)", { dateOfBirth: "2008-11-24" }, "dateOfBirth", "kyc.underage"],
    ["a birth date in the future", { dateOfBirth: "2030-01-01" }, "dateOfBirth", "kyc.underage"],
    ["a country not in ISO 3166", { country: "XX" }, "country", "country.unknown"],
    ["no address", { addressLine: " " }, "addressLine", "field.required"],
    ["an unknown document type", { documentType: "libraryCard" }, "documentType", "document.typeUnknown"],
    ["a document number with symbols", { documentNumber: "12#$" }, "documentNumber", "document.numberInvalid"],
    ["no front photo", { frontFileId: "" }, "frontFileId", "photo.required"],
    ["no selfie", { selfieFileId: undefined }, "selfieFileId", "photo.required"],
    ["an ID card without its back", { documentType: "nationalId" }, "backFileId", "photo.required"],
    ["a field the form does not have", { userId: "someone-else" }, "userId", "field.unknown"],
  ])("refuses %s with a translated field error and stores nothing", async (_, change, field, key) => {
    const { token } = await w.user();
    const before = await count();
    for (const lang of ["en", "ar"]) {
      const { res, body } = await w.submit(token, change, lang);
      expect(res.status).toBe(400);
      expect(body.data).toMatchObject({ reason: "validation", fieldKeys: { [field]: key } });
      expect((body.data as { fields: Record<string, string> }).fields[field]).toMatch(lang === "ar" ? /[\u0600-\u06ff]/ : /[a-z]/);
    }
    expect(await count()).toBe(before);
    expect((await w.check(token)).body.data).toMatchObject({ status: "notStarted" });
  });

  it("takes an adult on their 18th birthday", async () => {
    const { token } = await w.user();
    const today = clock.now().toISOString().slice(0, 10);
    expect((await w.submit(token, { dateOfBirth: `${Number(today.slice(0, 4)) - 18}${today.slice(4)}` })).res.status).toBe(200);
  });

  it("answers 401 without a session on every call", async () => {
    for (const path of ["/user/check-kyc-verification", "/user/kyc/details", "/user/kyc/submit"]) {
      expect((await w.t.post(path, { body: FORM })).status).toBe(401);
    }
  });
});

describe("ownership", () => {
  it("refuses another user's photos, a made-up id and a selfie sent as the document, storing nothing", async () => {
    const first = await w.user();
    const second = await w.user();
    const before = await count();
    for (const [change, field] of [
      [{ frontFileId: first.photos.frontFileId }, "frontFileId"],
      [{ selfieFileId: "5b0c8f6e-3f0a-4d7e-9c1b-2a4e6f8d0b1c" }, "selfieFileId"],
      [{ frontFileId: second.photos.selfieFileId }, "frontFileId"],
      [{ documentType: "nationalId", backFileId: first.photos.backFileId }, "backFileId"],
    ] as const) {
      const { res, body } = await w.submit(second.token, change);
      expect(res.status).toBe(400);
      expect(body.data).toMatchObject({ reason: "validation", fieldKeys: { [field]: "photo.notFound" } });
    }
    expect(await count()).toBe(before);
  });

  it("a second user sees none of the first's data and their review does not touch it", async () => {
    const first = await w.user();
    const second = await w.user();
    await w.submit(first.token, { firstName: "Layla" });
    expect((await w.details(second.token)).body.data).toEqual({ status: "notStarted", application: null });
    expect((await w.check(second.token)).body.data).toMatchObject({ status: "notStarted" });
    // Asking by the first's id is not a thing the calls take.
    const firstId = ((await w.details(first.token)).body.data as unknown as KycDetails).application!.id;
    const { res, body } = await w.call("/user/kyc/details", second.token, { id: firstId });
    expect(res.status).toBe(400);
    expect(body.data).toMatchObject({ fieldKeys: { id: "field.unknown" } });
    await w.submit(second.token, { lastName: "Final" });
    await w.run(REVIEW_SECONDS * 1000);
    expect((await w.check(first.token)).body.data).toMatchObject({ status: "approved" });
    expect((await w.check(second.token)).body.data).toMatchObject({ status: "rejected", retryAllowed: false });
  });
});

describe("the gate other modules import (withdrawals)", () => {
  it("refuses until the user's latest verification is approved", async () => {
    const { id, token } = await w.user();
    await expect(requireKycApproved(database.db, id)).rejects.toMatchObject({ name: "KycNotApproved", status: "notStarted" });
    await w.submit(token, { lastName: "Retry" });
    await expect(requireKycApproved(database.db, id)).rejects.toBeInstanceOf(KycNotApproved);
    await w.run(REVIEW_SECONDS * 1000);
    expect(await kycStatus(database.db, id)).toMatchObject({ status: "rejected", retryAllowed: true });
    await expect(requireKycApproved(database.db, id)).rejects.toMatchObject({ status: "rejected" });
    await w.submit(token);
    await w.run(REVIEW_SECONDS * 1000);
    await expect(requireKycApproved(database.db, id)).resolves.toBeUndefined();
  });
});
