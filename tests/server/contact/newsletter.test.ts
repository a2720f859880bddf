// The newsletter's double opt-in over HTTP against the real database: the confirmation link, its
// expiry and reuse, subscribing twice (pending and active, answered alike), the one-click
// unsubscribe in every newsletter mail, bad input and the honeypot. Issues: newsletter-issues.test.ts.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER } from "../../../server/modules/contact/index.ts";
import { newsletterSubscribers, newsletterTokens } from "../../../server/modules/contact/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock, uniqueEmail } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { contactWorld, type ContactWorld } from "./world.ts";

const clock = testClock("2026-11-28T09:00:00Z");
let database: Database;
let w: ContactWorld;
beforeAll(async () => {
  database = await openTestDatabase();
  w = contactWorld([database], clock);
});
beforeEach(() => void clock.nextTest());
afterAll(() => database.close());

const subscriber = async (email: string) => (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const CHECK_INBOX = {
  status: "success",
  message: "Check your inbox: we have e-mailed you a link to confirm. If this address is already subscribed, the e-mail says so instead.",
  data: { checkInbox: true },
};

describe("double opt-in", () => {
  it("e-mails a confirmation link in the request's language; the link makes the subscription active, with a welcome that can unsubscribe", async () => {
    const email = uniqueEmail("reader");
    expect((await w.subscribe(email, { lang: "ar" })).body.status).toBe("success");
    expect(await subscriber(email)).toMatchObject({ status: "pending", locale: "ar", confirmedAt: null });
    const [confirm] = w.mailsTo(email);
    expect(confirm).toMatchObject({ kind: "newsletterConfirm", locale: "ar", subject: "أكّد اشتراكك في نشرة صرّاف البريدية" });
    expect(confirm!.text).toMatch(/http:\/\/localhost\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/);

    const { res, body } = await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ state: "confirmed" });
    expect(await subscriber(email)).toMatchObject({ status: "active", confirmedAt: clock.now() });
    const welcome = w.mailsTo(email).at(-1)!;
    expect(welcome).toMatchObject({ kind: "newsletterWelcome", locale: "ar" });
    expect(welcome.listUnsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(welcome.text).toContain(welcome.listUnsubscribe);
  });

  it("a link used again answers alreadyConfirmed and sends nothing more", async () => {
    const email = uniqueEmail("twice");
    await w.subscribe(email);
    const token = w.linkToken(email, "confirm");
    expect((await w.follow("/subscriber/confirm", token)).body.data).toEqual({ state: "confirmed" });
    const before = w.mailsTo(email).length;
    const again = await w.follow("/subscriber/confirm", token);
    expect(again.res.status).toBe(200);
    expect(again.body.data).toEqual({ state: "alreadyConfirmed" });
    expect(w.mailsTo(email).length).toBe(before);
  });

  it(`a link older than ${NEWSLETTER.confirmTtlMs / 3_600_000} hours is refused as expired and confirms nothing`, async () => {
    const email = uniqueEmail("late");
    await w.subscribe(email);
    const token = w.linkToken(email, "confirm");
    clock.advance(NEWSLETTER.confirmTtlMs);
    const { res, body } = await w.follow("/subscriber/confirm", token);
    expect(res.status).toBe(400);
    expect(body.data).toEqual({ reason: "linkExpired" });
    expect((await subscriber(email))!.status).toBe("pending");
  });

  it("an unknown or malformed token is refused", async () => {
    const unknown = await w.follow("/subscriber/confirm", "A".repeat(43));
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.data).toEqual({ reason: "linkInvalid" });
    const malformed = await w.follow("/subscriber/confirm", "short");
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.data).toMatchObject({ reason: "validation", fieldKeys: { token: "field.invalid" } });
    expect((await w.follow("/subscriber/unsubscribe", "B".repeat(43))).body.data).toEqual({ reason: "linkInvalid" });
  });
});

describe("subscribing twice is harmless", () => {
  it("pending: the same answer; a new link only after the resend gap", async () => {
    const email = uniqueEmail("again");
    expect((await w.subscribe(email)).body).toEqual(CHECK_INBOX);
    clock.advance(NEWSLETTER.resendGapMs - 1);
    expect((await w.subscribe(email)).body).toEqual(CHECK_INBOX);
    expect(w.mailsTo(email)).toHaveLength(1);
    clock.advance(1);
    expect((await w.subscribe(email)).body).toEqual(CHECK_INBOX);
    expect(w.mailsTo(email).map((m) => m.kind)).toEqual(["newsletterConfirm", "newsletterConfirm"]);
    // Either link confirms.
    expect((await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"))).body.data).toEqual({ state: "confirmed" });
  });

  it(`at most ${NEWSLETTER.perEmailPerDay} mails a day to one address, however often it is signed up`, async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < NEWSLETTER.perEmailPerDay + 3; i++) {
      expect((await w.subscribe(email, { address: `198.51.100.${i}` })).body).toEqual(CHECK_INBOX);
      clock.advance(NEWSLETTER.resendGapMs);
    }
    expect(w.mailsTo(email)).toHaveLength(NEWSLETTER.perEmailPerDay);
  });

  it("active: the same answer to the stranger; the mailbox is told it is already subscribed, and its language stays", async () => {
    const email = uniqueEmail("member");
    await w.subscribe(email);
    await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"));
    clock.advance(NEWSLETTER.resendGapMs);
    expect((await w.subscribe(email, { lang: "ar" })).body.data).toEqual(CHECK_INBOX.data);
    const note = w.mailsTo(email).at(-1)!;
    expect(note).toMatchObject({ kind: "newsletterAlready", locale: "en", subject: "You are already subscribed to the Sarraf newsletter" });
    expect(note.text).toContain(note.listUnsubscribe);
    expect(await subscriber(email)).toMatchObject({ status: "active", locale: "en" });
  });
});

describe("unsubscribing", () => {
  it("works with one click from any newsletter mail, without signing in; again says already; an old confirmation link does not resubscribe", async () => {
    const email = uniqueEmail("leaver");
    await w.subscribe(email);
    const confirmToken = w.linkToken(email, "confirm");
    await w.follow("/subscriber/confirm", confirmToken);
    const token = w.linkToken(email, "unsubscribe");
    const first = await w.follow("/subscriber/unsubscribe", token);
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({ status: "success", message: "You are unsubscribed.", data: { state: "unsubscribed" } });
    expect(await subscriber(email)).toMatchObject({ status: "unsubscribed", unsubscribedAt: clock.now() });
    expect((await w.follow("/subscriber/unsubscribe", token)).body.data).toEqual({ state: "alreadyUnsubscribed" });
    expect((await w.follow("/subscriber/confirm", confirmToken)).body.data).toEqual({ reason: "linkExpired" });
    expect((await subscriber(email))!.status).toBe("unsubscribed");
  });

  it("subscribing again after unsubscribing starts a new double opt-in", async () => {
    const email = uniqueEmail("returner");
    await w.subscribe(email);
    await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"));
    await w.follow("/subscriber/unsubscribe", w.linkToken(email, "unsubscribe"));
    clock.advance(NEWSLETTER.resendGapMs);
    await w.subscribe(email);
    expect((await subscriber(email))!.status).toBe("pending");
    expect((await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"))).body.data).toEqual({ state: "confirmed" });
  });
});

describe("bad input and the honeypot", () => {
  it.each([
    [{}, { email: "field.required" }],
    [{ email: "nope" }, { email: "email.invalid" }],
    [{ email: 7 }, { email: "field.notText" }],
    [{ email: "a@b.co", list: "all" }, { list: "field.unknown" }],
  ])("%j is refused", async (body, fieldKeys) => {
    const res = await w.app.post("/subscriber/add", { body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ reason: "validation", fieldKeys });
  });

  it("a filled honeypot gets the same answer and nothing is stored or sent", async () => {
    const email = uniqueEmail("bot");
    expect((await w.subscribe(email, { website: "http://spam.example" })).body).toEqual(CHECK_INBOX);
    expect(await subscriber(email)).toBeUndefined();
    expect(w.mailsTo(email)).toEqual([]);
  });

  it(`a client address may cause ${NEWSLETTER.perAddressPerWindow} mails an hour, then 429`, async () => {
    for (let i = 0; i < NEWSLETTER.perAddressPerWindow; i++) expect((await w.subscribe(uniqueEmail("many"), { address: "203.0.113.5" })).res.status).toBe(200);
    const refused = await w.subscribe(uniqueEmail("many"), { address: "203.0.113.5" });
    expect(refused.res.status).toBe(429);
    expect(refused.body.data).toMatchObject({ reason: "rateLimited" });
  });
});

describe("pruning", () => {
  it("deletes mails past the day's look-back and links a day past expiry, and keeps what the rules still read", async () => {
    const { pruneNewsletterRows } = await import("../../../server/modules/contact/index.ts");
    const email = uniqueEmail("pruned");
    await w.subscribe(email);
    const token = w.linkToken(email, "confirm");
    // A live link stays.
    await pruneNewsletterRows(database.db, clock.now());
    expect(await database.db.$count(newsletterTokens, eq(newsletterTokens.tokenHash, createHash("sha256").update(token).digest("hex")))).toBe(1);
    const later = new Date(clock.now().getTime() + NEWSLETTER.confirmTtlMs + 86_400_001);
    const deleted = await pruneNewsletterRows(database.db, later);
    expect(deleted.mails).toBeGreaterThanOrEqual(1);
    expect(deleted.links).toBeGreaterThanOrEqual(1);
    expect((await w.follow("/subscriber/confirm", token)).body.data).toEqual({ reason: "linkInvalid" });
  });
});
