// The contact form over HTTP against the real database: a message stored and e-mailed to support
// (Reply-To the sender) with a receipt in the sender's language; every bad input; the honeypot;
// the minimum fill time; the limits per client address and per e-mail, one request at a time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT } from "../../../server/modules/contact/index.ts";
import { contactMessages } from "../../../server/modules/contact/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, HOUR, testClock, uniqueEmail } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { contactWorld, SUPPORT, type ContactWorld } from "./world.ts";

const clock = testClock("2026-11-28T09:00:00Z");
let database: Database;
let w: ContactWorld;
beforeAll(async () => {
  database = await openTestDatabase();
  w = contactWorld([database], clock);
});
beforeEach(() => void clock.nextTest());
afterAll(() => database.close());

const stored = (email: string) => database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("a message", () => {
  it("is stored, e-mailed to support with Reply-To the sender, and a receipt goes to the sender in their language", async () => {
    const email = uniqueEmail("writer");
    const { res, body } = await w.contact({ email: ` ${email.toUpperCase()} `, name: " Amal ", message: "  Where is my order 42?  " }, { lang: "ar" });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ status: "success", message: "شكرًا لك: وصلتنا رسالتك. أرسلنا إليك إيصالًا بالبريد الإلكتروني.", data: { received: true } });
    const [row] = await stored(email);
    expect(row).toMatchObject({ name: "Amal", email, subject: "A question about fees", message: "Where is my order 42?", locale: "ar" });
    expect(row!.addressHash).toMatch(/^[0-9a-f]{64}$/);

    const [toSupport] = w.mailsTo(SUPPORT).filter((m) => m.replyTo === email);
    expect(toSupport).toMatchObject({ kind: "contactMessage", locale: "en", replyTo: email, subject: "Contact form: A question about fees" });
    expect(toSupport!.text).toContain("Where is my order 42?");
    expect(toSupport!.text).toContain(`From: Amal <${email}>`);
    const [receipt] = w.mailsTo(email);
    expect(receipt).toMatchObject({ kind: "contactReceipt", locale: "ar", subject: "تلقّينا رسالتك" });
    expect(receipt!.replyTo).toBeUndefined();
    // The receipt repeats nothing the sender wrote: no one can use it to mail their words to another's inbox.
    expect(receipt!.text).not.toContain("order 42");
    expect(receipt!.text).not.toContain("Amal");
    const reference = row!.id.slice(0, 8).toUpperCase();
    expect(receipt!.text).toContain(reference);
    expect(toSupport!.text).toContain(reference);
  });

  it("never logs the message or the whole e-mail address", async () => {
    const email = uniqueEmail("private");
    const before = w.app.logs.length;
    expect((await w.contact({ email, message: "A secret sentence nobody should log." })).res.status).toBe(200);
    const lines = JSON.stringify(w.app.logs.slice(before));
    expect(lines).toContain("contact.received");
    expect(lines).not.toContain("secret sentence");
    expect(lines).not.toContain(email.split("@")[0]);
  });
});

describe("bad input is refused with each field's problem, and nothing is stored or sent", () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ["no name", { name: "  " }, { name: "name.required" }],
    ["a name too long", { name: "n".repeat(101) }, { name: "name.tooLong" }],
    ["a name with a line break", { name: "Amal\nBcc: x@example.com" }, { name: "field.controlCharacters" }],
    ["no e-mail", { email: "" }, { email: "field.required" }],
    ["a wrong e-mail", { email: "amal@" }, { email: "email.invalid" }],
    ["no subject", { subject: "" }, { subject: "field.required" }],
    ["a subject too long", { subject: "s".repeat(151) }, { subject: "subject.tooLong" }],
    ["a subject with a control character", { subject: "Hi\u0007" }, { subject: "field.controlCharacters" }],
    ["no message", { message: "   " }, { message: "field.required" }],
    ["a message too short", { message: "Help me" }, { message: "message.tooShort" }],
    ["a message too long", { message: "m".repeat(5001) }, { message: "message.tooLong" }],
    ["a message with a NUL", { message: "Hello there\u0000 friend" }, { message: "field.controlCharacters" }],
    ["a number for a name", { name: 42 }, { name: "field.notText" }],
    ["a field the form has not", { phone: "123" }, { phone: "field.unknown" }],
    ["no form token", { formToken: undefined }, { formToken: "field.required" }],
    ["a honeypot that is not text", { website: 1 }, { website: "field.notText" }],
  ];
  it.each(cases)("%s", async (_, overrides, fieldKeys) => {
    const email = typeof overrides.email === "string" ? overrides.email : uniqueEmail("bad");
    const before = w.sent.length;
    const { res, body } = await w.contact({ ...overrides, email });
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.data).toMatchObject({ reason: "validation", fieldKeys });
    expect(w.sent.length).toBe(before);
    if (email.includes("@example.com")) expect(await stored(email)).toEqual([]);
  });

  it("keeps a message of exactly the bounds", async () => {
    const { res } = await w.contact({ name: "n".repeat(100), subject: "s".repeat(150), message: `${"m".repeat(4997)}\n\tx` });
    expect(res.status).toBe(200);
  });
});

describe("the honeypot", () => {
  it("filled: the same success answer, and nothing stored or sent (a refusal would teach the robot the trap)", async () => {
    const email = uniqueEmail("robot");
    const honest = await w.contact();
    const before = w.sent.length;
    const { res, body } = await w.contact({ email, website: "https://spam.example" });
    expect(res.status).toBe(200);
    expect(body).toEqual(honest.body);
    expect(await stored(email)).toEqual([]);
    expect(w.sent.length).toBe(before);
  });
});

describe("the minimum fill time", () => {
  it(`refuses a send sooner than ${CONTACT.minFillMs} ms after the form opened, naming the wait, and takes it once the time has passed`, async () => {
    const email = uniqueEmail("quick");
    const formToken = await w.start();
    clock.advance(CONTACT.minFillMs - 1_100);
    const quick = await w.app.post("/contactus/add", { body: { ...w.fields({ email }), formToken } });
    expect(quick.status).toBe(422);
    expect((await bodyOf(quick)).data).toEqual({ reason: "formTooFast", retryAfter: 2 });
    expect(await stored(email)).toEqual([]);
    clock.advance(1_100);
    expect((await w.app.post("/contactus/add", { body: { ...w.fields({ email }), formToken } })).status).toBe(200);
  });

  it("refuses a forged, malformed or day-old token as expired", async () => {
    const formToken = await w.start();
    const [openedAt] = formToken.split(".");
    clock.advance(5_000);
    const forged = `${Number(openedAt) - 60_000}.${formToken.split(".")[1]}`;
    for (const token of [forged, "", "garbage", `${openedAt}.${"A".repeat(43)}`]) {
      const res = await w.app.post("/contactus/add", { body: { ...w.fields(), formToken: token } });
      expect(res.status, token).toBe(422);
      expect((await bodyOf(res)).data).toEqual({ reason: "formExpired" });
    }
    clock.advance(CONTACT.tokenMaxAgeMs);
    expect((await bodyOf(await w.app.post("/contactus/add", { body: { ...w.fields(), formToken } }))).data).toEqual({ reason: "formExpired" });
  });
});

describe("the limits", () => {
  it(`takes ${CONTACT.perEmailPerWindow} messages an hour from one e-mail, then 429 with the wait, then again after the hour`, async () => {
    const email = uniqueEmail("chatty");
    for (let i = 0; i < CONTACT.perEmailPerWindow; i++) expect((await w.contact({ email }, { address: `10.0.0.${i}` })).res.status).toBe(200);
    const { res, body } = await w.contact({ email }, { address: "10.0.0.99" });
    expect(res.status).toBe(429);
    expect(body.data).toMatchObject({ reason: "rateLimited" });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(3_000);
    expect(await stored(email)).toHaveLength(CONTACT.perEmailPerWindow);
    clock.advance(HOUR);
    expect((await w.contact({ email }, { address: "10.0.0.99" })).res.status).toBe(200);
  });

  it(`takes ${CONTACT.perAddressPerWindow} messages an hour from one client address, whatever the e-mails`, async () => {
    for (let i = 0; i < CONTACT.perAddressPerWindow; i++) expect((await w.contact({}, { address: "192.0.2.7" })).res.status).toBe(200);
    expect((await w.contact({}, { address: "192.0.2.7" })).res.status).toBe(429);
    expect((await w.contact({}, { address: "192.0.2.8" })).res.status).toBe(200);
  });
});
