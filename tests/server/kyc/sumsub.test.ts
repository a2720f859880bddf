// The Sumsub adapter against its recorded answers (an injected fetch records what was sent), and
// its webhook: signed reviews settle once; forged, repeated, late or foreign ones change nothing.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KycDetails } from "../../../contract/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import {
  addedDocument,
  alreadyExists,
  APP_TOKEN,
  APPLICANT_ID,
  createdApplicant,
  requestedCheck,
  reviewedWebhook,
  SECRET_KEY,
  signed,
  WEBHOOK_SECRET,
} from "./fixtures/sumsub.ts";
import { kycWorld, type KycWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: KycWorld;

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: Buffer;
}
const sent: Sent[] = [];
/** What the fake Sumsub answers next, by "METHOD /path" prefix; a missing answer is a network failure. */
let answers: Record<string, { status: number; body: unknown }> = {};

const recorded: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const body = init?.body ? Buffer.from(init.body as Uint8Array) : Buffer.alloc(0);
  const request = { method: init!.method!, path: url.pathname + url.search, headers: new Headers(init!.headers), body };
  sent.push(request);
  const key = Object.keys(answers).find((each) => `${request.method} ${url.pathname}`.startsWith(each));
  if (!key) throw new TypeError("fetch failed");
  return new Response(JSON.stringify(answers[key]!.body), { status: answers[key]!.status, headers: { "Content-Type": "application/json" } });
};

const HAPPY = {
  "POST /resources/applicants/": { status: 200, body: addedDocument },
  "POST /resources/applicants": { status: 201, body: createdApplicant("user") },
};
const WITH_CHECK = { [`POST /resources/applicants/${APPLICANT_ID}/status/pending`]: { status: 200, body: requestedCheck }, ...HAPPY };

const webhook = (raw: string, headers: Record<string, string>) => w.t.app.request("/webhooks/kyc", { method: "POST", body: raw, headers });
const statusOf = async (token: string) => ((await w.details(token)).body.data as unknown as KycDetails).status;

beforeAll(async () => {
  database = await openTestDatabase();
  w = kycWorld(
    database,
    clock,
    {
      KYC_PROVIDER: "sumsub",
      SUMSUB_APP_TOKEN: APP_TOKEN,
      SUMSUB_SECRET_KEY: SECRET_KEY,
      SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SUMSUB_API_URL: "https://sumsub.test",
    },
    { fetch: recorded },
  );
});
afterAll(() => database.close());

describe("submitting to Sumsub", () => {
  it("creates the applicant, adds both sides and the selfie, asks for a review; every request signed", async () => {
    const { id, token, photos } = await w.user();
    sent.length = 0;
    answers = WITH_CHECK;
    const { res, body } = await w.submit(token, { documentType: "nationalId", backFileId: photos.backFileId });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /resources/applicants?levelName=basic-kyc-level",
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/info/idDoc`,
      `POST /resources/applicants/${APPLICANT_ID}/status/pending`,
    ]);
    for (const r of sent) {
      const ts = r.headers.get("X-App-Access-Ts")!;
      expect(Math.abs(Number(ts) - clock.now().getTime() / 1000)).toBeLessThan(1);
      expect(r.headers.get("X-App-Token")).toBe(APP_TOKEN);
      expect(r.headers.get("X-App-Access-Sig")).toBe(
        createHmac("sha256", SECRET_KEY)
          .update(ts + r.method + r.path)
          .update(r.body)
          .digest("hex"),
      );
    }
    const created = JSON.parse(sent[0]!.body.toString());
    expect(created).toEqual({
      externalUserId: id,
      fixedInfo: {
        firstName: "Amal",
        lastName: "Haddad",
        dob: "1990-05-17",
        country: "ARE",
        addresses: [{ country: "ARE", street: "12 Corniche Road", town: "Abu Dhabi" }],
      },
    });
    const metadata = sent.slice(1, 4).map((r) => JSON.parse(/name="metadata"[^{]*(\{.*\})/.exec(r.body.toString())![1]!));
    expect(metadata).toEqual([
      { idDocType: "ID_CARD", country: "ARE", number: "N1234567", idDocSubType: "FRONT_SIDE" },
      { idDocType: "ID_CARD", country: "ARE", number: "N1234567", idDocSubType: "BACK_SIDE" },
      { idDocType: "SELFIE", country: "ARE" },
    ]);
    // Each part carries the user's stored photo: the re-encoded WebP from /file/add.
    for (const r of sent.slice(1, 4))
      expect(r.body.toString("latin1")).toMatch(/name="content"; filename="[0-9a-f-]{36}"\r\nContent-Type: image\/webp\r\n\r\nRIFF/);
    expect(await statusOf(token)).toBe("pending");
  });

  it("uses the applicant Sumsub already has for this user when it answers 409", async () => {
    const { token } = await w.user();
    sent.length = 0;
    answers = {
      "POST /resources/applicants/": { status: 200, body: addedDocument },
      "POST /resources/applicants": { status: 409, body: alreadyExists },
      "GET /resources/applicants/-;externalUserId=": { status: 200, body: createdApplicant("user") },
    };
    expect((await w.submit(token)).res.status).toBe(200);
    expect(sent[1]!.path).toMatch(/^\/resources\/applicants\/-;externalUserId=/);
    expect(sent.at(-1)!.path).toBe(`/resources/applicants/${APPLICANT_ID}/status/pending`);
  });

  it("refuses with kycUnavailable and stores nothing when Sumsub does not answer", async () => {
    const { token } = await w.user();
    answers = {};
    for (const lang of ["en", "ar"]) {
      const { res, body } = await w.submit(token, {}, lang);
      expect(res.status).toBe(503);
      expect(body.data).toEqual({ reason: "kycUnavailable" });
    }
    answers = { ...HAPPY, "POST /resources/applicants": { status: 500, body: { description: "oops" } } };
    expect((await w.submit(token)).res.status).toBe(503);
    expect(await statusOf(token)).toBe("notStarted");
  });
});

describe("the applicantReviewed webhook", () => {
  async function pendingUser() {
    const user = await w.user();
    answers = WITH_CHECK;
    expect((await w.submit(user.token)).res.status).toBe(200);
    clock.advance(60_000);
    return user;
  }

  it("GREEN approves; the same webhook again changes nothing", async () => {
    const { token } = await pendingUser();
    const { raw, headers } = signed(reviewedWebhook(clock.now(), { reviewAnswer: "GREEN" }));
    expect((await webhook(raw, headers)).status).toBe(200);
    const approved = (await w.details(token)).body.data as unknown as KycDetails;
    expect(approved.status).toBe("approved");
    clock.advance(60_000);
    expect((await webhook(raw, headers)).status).toBe(200);
    expect((await w.details(token)).body.data).toEqual(approved);
  });

  it("RED RETRY rejects with the labels as reasons and the moderation comment, never the client comment; the retry reuses the applicant", async () => {
    const { token } = await pendingUser();
    const review = {
      reviewAnswer: "RED",
      reviewRejectType: "RETRY",
      rejectLabels: ["UNSATISFACTORY_PHOTOS", "SCREENSHOTS", "SOMETHING_NEW"],
      moderationComment: "Upload a clear photo.",
    } as const;
    const { raw, headers } = signed(reviewedWebhook(clock.now(), review), "sha512");
    expect((await webhook(raw, headers)).status).toBe(200);
    const details = (await w.details(token)).body.data as unknown as KycDetails;
    expect(details.application!.review).toMatchObject({
      outcome: "rejected",
      retryAllowed: true,
      reasons: ["documentUnreadable", "other"],
      note: "Upload a clear photo.",
    });
    expect(JSON.stringify(details)).not.toContain("internal");

    sent.length = 0;
    answers = { [`PATCH /resources/applicants/${APPLICANT_ID}/fixedInfo`]: { status: 200, body: createdApplicant("user") }, ...WITH_CHECK };
    expect((await w.submit(token)).res.status).toBe(200);
    expect(sent[0]!.method + " " + sent[0]!.path).toBe(`PATCH /resources/applicants/${APPLICANT_ID}/fixedInfo`);
    // The first review's webhook sent again is older than the new submission: it settles nothing.
    expect((await webhook(raw, headers)).status).toBe(200);
    expect(await statusOf(token)).toBe("pending");
  });

  it("RED FINAL rejects for good (SHA-1 digest)", async () => {
    const { token } = await pendingUser();
    const { raw, headers } = signed(reviewedWebhook(clock.now(), { reviewAnswer: "RED", reviewRejectType: "FINAL", rejectLabels: ["FORGERY"] }), "sha1");
    expect((await webhook(raw, headers)).status).toBe(200);
    expect((await w.check(token)).body.data).toMatchObject({ status: "rejected", retryAllowed: false });
  });

  it.each([
    [
      "signed with another secret",
      (raw: string, _headers: Record<string, string>) => ({ raw, headers: signed(JSON.parse(raw), "sha256", "not-the-secret").headers }),
    ],
    ["changed after signing", (raw: string, headers: Record<string, string>) => ({ raw: raw.replace("GREEN", "RED"), headers })],
    ["without a digest", (raw: string, headers: Record<string, string>) => ({ raw, headers: { "Content-Type": headers["Content-Type"]! } })],
    ["with an unknown algorithm", (raw: string, headers: Record<string, string>) => ({ raw, headers: { ...headers, "X-Payload-Digest-Alg": "MD5_HEX" } })],
    ["with a digest that is not hex", (raw: string, headers: Record<string, string>) => ({ raw, headers: { ...headers, "X-Payload-Digest": "zz" } })],
  ])("refuses a webhook %s with 401 and changes nothing", async (_, forge) => {
    const { token } = await pendingUser();
    const good = signed(reviewedWebhook(clock.now(), { reviewAnswer: "GREEN" }));
    const { raw, headers } = forge(good.raw, good.headers);
    expect((await webhook(raw, headers)).status).toBe(401);
    expect(await statusOf(token)).toBe("pending");
    expect(w.t.logs.some((line) => line.msg === "kyc.webhookRejected")).toBe(true);
  });

  it("acknowledges other events and reviews of unknown applicants without changing anything", async () => {
    const { token } = await pendingUser();
    const other = signed({ ...reviewedWebhook(clock.now(), { reviewAnswer: "GREEN" }), type: "applicantPending" });
    expect((await webhook(other.raw, other.headers)).status).toBe(200);
    const foreign = signed(reviewedWebhook(clock.now(), { reviewAnswer: "GREEN" }, "000000000000000000000000"));
    expect((await webhook(foreign.raw, foreign.headers)).status).toBe(200);
    expect(await statusOf(token)).toBe("pending");
  });
});
