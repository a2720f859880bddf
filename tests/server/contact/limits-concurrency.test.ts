// Two app instances over one database, as two server processes (two connection pools on
// PostgreSQL): contact and newsletter's limits hold exactly under truly concurrent requests.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT, NEWSLETTER } from "../../../server/modules/contact/index.ts";
import { contactMessages } from "../../../server/modules/contact/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock, uniqueEmail } from "../helpers/auth.ts";
import { openSharedTestDatabases } from "../helpers/test-db.ts";
import { contactWorld, type ContactWorld } from "./world.ts";

const clock = testClock("2026-11-28T09:00:00Z");
let database: Database;
let close: () => Promise<void>;
let w: ContactWorld;
beforeAll(async () => {
  let second: Database;
  [database, second, close] = await openSharedTestDatabases();
  w = contactWorld([database, second], clock);
});
beforeEach(() => void clock.nextTest());
afterAll(() => close());

const on = (i: number) => w.apps[i % 2]!;

describe("contact, concurrent", () => {
  it(`one e-mail, 12 messages at once from 12 addresses over two processes: exactly ${CONTACT.perEmailPerWindow} taken`, async () => {
    const email = uniqueEmail("burst");
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => w.start(on(i))));
    clock.advance(CONTACT.minFillMs);
    const answers = await Promise.all(
      tokens.map((formToken, i) => on(i).post("/contactus/add", { body: { ...w.fields({ email }), formToken }, address: `10.1.0.${i}` })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(CONTACT.perEmailPerWindow);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(12 - CONTACT.perEmailPerWindow);
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(CONTACT.perEmailPerWindow);
    expect(w.mailsTo(email)).toHaveLength(CONTACT.perEmailPerWindow);
  });

  it(`one address, 12 e-mails at once: exactly ${CONTACT.perAddressPerWindow} taken`, async () => {
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => w.start(on(i))));
    clock.advance(CONTACT.minFillMs);
    const answers = await Promise.all(tokens.map((formToken, i) => on(i).post("/contactus/add", { body: { ...w.fields(), formToken }, address: "10.2.0.1" })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(CONTACT.perAddressPerWindow);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(12 - CONTACT.perAddressPerWindow);
  });
});

describe("newsletter, concurrent", () => {
  it("one e-mail signed up 8 times at once: one subscriber, one mail, every answer alike", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => w.subscribe(email, { on: on(i), address: `10.3.0.${i}` })));
    expect(answers.map((a) => a.res.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(w.mailsTo(email)).toHaveLength(1);
  });

  it(`one address, 14 e-mails at once: exactly ${NEWSLETTER.perAddressPerWindow} mails`, async () => {
    const emails = Array.from({ length: 14 }, () => uniqueEmail("crowd"));
    const answers = await Promise.all(emails.map((email, i) => w.subscribe(email, { on: on(i), address: "10.4.0.1" })));
    expect(answers.filter((a) => a.res.status === 200)).toHaveLength(NEWSLETTER.perAddressPerWindow);
    expect(emails.filter((email) => w.mailsTo(email).length === 1)).toHaveLength(NEWSLETTER.perAddressPerWindow);
  });

  it("a confirmation link opened twice at once confirms once", async () => {
    const email = uniqueEmail("double-click");
    await w.subscribe(email);
    const token = w.linkToken(email, "confirm");
    const answers = await Promise.all([w.follow("/subscriber/confirm", token, on(0)), w.follow("/subscriber/confirm", token, on(1))]);
    expect(answers.map((a) => (a.body.data as { state: string }).state).sort()).toEqual(["alreadyConfirmed", "confirmed"]);
    expect(w.mailsTo(email).filter((m) => m.kind === "newsletterWelcome")).toHaveLength(1);
  });
});
