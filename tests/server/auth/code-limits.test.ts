// Asking for an e-mail code is open to anyone, so its limits must not let strangers use up the
// owner's codes (issue 25): each client spends its own budget, and past the e-mail's ceiling a
// client new to the e-mail still gets a code within a minute.
import { describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { CODES } from "../../../server/modules/auth/limits.ts";
import { bodyOf, latestCode, mailsTo, MINUTE, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const sendOtp = (email: string, address: string) => t.post("/user/sendotp", { body: { email }, address });
const stranger = (i: number) => `203.0.113.${100 + i}`;
const OWNER = "198.51.100.7";

describe("e-mail code limits", () => {
  it("strangers from 20 addresses asking for 10 minutes leave the owner a code within a minute, and the owner signs in", async () => {
    const owner = await seedUser(database.db);
    let strangersServed = 0;
    // Every stranger asks once a minute (its own resend wait), spread over the minute.
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < 20; i++) {
        if ((await sendOtp(owner.email, stranger(i))).status === 200) strangersServed++;
        clock.advance(3_000);
      }
    }
    expect(strangersServed).toBeGreaterThanOrEqual(CODES.perEmailPerWindow);
    const asked = await sendOtp(owner.email, OWNER);
    let token: string;
    if (asked.status === 200) token = (await bodyOf(asked)).data?.token as string;
    else {
      expect(asked.status).toBe(429);
      const retryAfter = (await bodyOf(asked)).data?.retryAfter as number;
      expect(retryAfter).toBeLessThanOrEqual(60);
      clock.advance(retryAfter * 1000);
      const again = await sendOtp(owner.email, OWNER);
      expect(again.status).toBe(200);
      token = (await bodyOf(again)).data?.token as string;
    }
    const signedIn = await t.post("/user/verifyotp", { body: { email: owner.email, otp: await latestCode(database.db, owner.email), token }, address: OWNER });
    expect(signedIn.status).toBe(200);
    expect((await bodyOf(signedIn)).data?.Token).toEqual(expect.any(String));
  });

  it(`bounds the mailbox: ${CODES.perEmailPerWindow} codes an hour from all clients, then one a minute and only to clients new to the e-mail`, async () => {
    const owner = await seedUser(database.db);
    for (let i = 0; i < CODES.perEmailPerWindow; i++) {
      expect((await sendOtp(owner.email, stranger(i))).status, `client ${i}`).toBe(200);
      clock.advance(CODES.perEmailGapMs);
    }
    clock.advance(2 * MINUTE);
    // A client that already had a code waits for the hour to free a place...
    const known = await sendOtp(owner.email, stranger(0));
    expect(known.status).toBe(429);
    expect((await bodyOf(known)).data?.retryAfter).toBeGreaterThan(30 * 60);
    // ...a new one is served, and the next new one waits out the minute after it.
    expect((await sendOtp(owner.email, stranger(40))).status).toBe(200);
    const next = await sendOtp(owner.email, stranger(41));
    expect(next.status).toBe(429);
    expect((await bodyOf(next)).data?.retryAfter).toBe(60);
    clock.advance(MINUTE);
    expect((await sendOtp(owner.email, stranger(41))).status).toBe(200);
    expect(await mailsTo(database.db, owner.email)).toHaveLength(CODES.perEmailPerWindow + 2);
  });

  it("sends one mail for a burst from several clients, then each client's next after a short gap", async () => {
    const owner = await seedUser(database.db);
    expect((await sendOtp(owner.email, stranger(1))).status).toBe(200);
    const burst = await sendOtp(owner.email, stranger(2));
    expect(burst.status).toBe(429);
    expect((await bodyOf(burst)).data?.retryAfter).toBe(CODES.perEmailGapMs / 1000);
    clock.advance(CODES.perEmailGapMs);
    expect((await sendOtp(owner.email, stranger(2))).status).toBe(200);
    // The first client still waits for its own resend minute.
    expect((await bodyOf(await sendOtp(owner.email, stranger(1)))).data?.retryAfter).toBe(60 - CODES.perEmailGapMs / 1000);
  });
});
