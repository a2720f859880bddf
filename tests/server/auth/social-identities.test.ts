import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRUNE, SOCIAL } from "../../../server/modules/auth/limits.ts";
import { pruneAuthRows } from "../../../server/modules/auth/prune.ts";
import { markEmailVerified } from "../../../server/modules/auth/users.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { oauthStates, socialIdentities, socialLoginCodes, users } from "../../../server/modules/auth/schema.ts";
import { userForIdentity } from "../../../server/modules/auth/social/identities.ts";
import { issueLoginCode } from "../../../server/modules/auth/social/login-codes.ts";
import { saveState } from "../../../server/modules/auth/social/states.ts";
import type { SocialProfile } from "../../../server/modules/auth/social/providers.ts";
import { CONSENT, bodyOf, codeIn, mailsTo, PASSWORD, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

let subjects = 0;
const facebookProfile = (email?: string): SocialProfile => ({
  issuer: "https://www.facebook.com",
  subject: `fb-${++subjects}`,
  email,
  emailVerified: false,
  name: "Facebook User",
});
const identify = (profile: SocialProfile, provider: "google" | "facebook" = "facebook") =>
  userForIdentity(database.db, profile, { provider, locale: "ar", now: clock.now() });
const identitiesOf = (userId: string) => database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));

describe("userForIdentity", () => {
  it("makes an account from what the provider vouched for: unverified e-mail stays unverified", async () => {
    const email = uniqueEmail("fb");
    const outcome = await identify({ ...facebookProfile(` ${email.toUpperCase()} `), name: ` ${"n".repeat(150)} ` });
    expect(outcome).toMatchObject({ ok: true, created: true });
    if (!outcome.ok) return;
    expect(outcome.user).toMatchObject({ email, emailVerifiedAt: null, passwordHash: null, locale: "ar", fullName: "n".repeat(100) });
    expect(await identitiesOf(outcome.user.id)).toEqual([expect.objectContaining({ provider: "facebook", email, emailVerified: false })]);
  });

  it("needs an e-mail to make an account, but not to find one", async () => {
    expect(await identify(facebookProfile(undefined))).toEqual({ ok: false, reason: "noEmail" });
    expect(await identify(facebookProfile("not an address"))).toEqual({ ok: false, reason: "noEmail" });
    const profile = facebookProfile(uniqueEmail("later"));
    const created = await identify(profile);
    const again = await identify({ ...profile, email: undefined });
    expect(again).toMatchObject({ ok: true, created: false });
    expect(again.ok && created.ok && again.user.id === created.user.id).toBe(true);
  });

  it("makes one account when the same new identity arrives twice at once", async () => {
    const profile = facebookProfile(uniqueEmail("race"));
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => identify(profile)));
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.user.id : outcome.reason)));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1);
    const [row] = await database.db.select({ value: count() }).from(users).where(eq(users.email, profile.email!));
    expect(row?.value).toBe(1);
  });
});

describe("an identity whose provider did not vouch for the e-mail", () => {
  it("is unlinked when someone proves the address by code, so it cannot reach the owner's account", async () => {
    const email = uniqueEmail("prehijack");
    const attacker = facebookProfile(email);
    const made = await identify(attacker);
    if (!made.ok) throw new Error("expected an account");

    // The address's owner signs up (the pending account takes their password) and verifies by code.
    const signup = await bodyOf(await t.post("/user/signup", { body: { fullName: "Real Owner", email, password: PASSWORD, ...CONSENT } }));
    const [mail] = await mailsTo(database.db, email);
    const verified = await t.post("/user/verifyotp", { body: { email, otp: codeIn(mail!.text), token: signup.data!.token } });
    expect(verified.status).toBe(200);
    expect((await bodyOf(verified)).data).toMatchObject({ id: made.user.id, emailVerified: true, hasPassword: true });

    expect(await identitiesOf(made.user.id)).toEqual([]);
    expect(await identify(attacker)).toEqual({ ok: false, reason: "emailTaken" });
  });

  it("keeps identities that vouched for the e-mail", async () => {
    const google = await identify({ issuer: "https://accounts.google.com", subject: "g-1", email: uniqueEmail("g"), emailVerified: false }, "google");
    if (!google.ok) throw new Error("expected an account");
    await database.db.update(socialIdentities).set({ emailVerified: true }).where(eq(socialIdentities.userId, google.user.id));
    await markEmailVerified(database.db, google.user.id, clock.now());
    expect(await identitiesOf(google.user.id)).toHaveLength(1);
  });
});

describe("pruneAuthRows", () => {
  it("deletes social sign-in states and one-time codes a day after they expire", async () => {
    const requestId = `prune-${subjects}`;
    const made = await identify(facebookProfile(uniqueEmail("prune")));
    if (!made.ok) throw new Error("expected an account");
    const now = clock.now();
    const attempt = { redirectUri: "http://localhost:3000/auth/callback", state: requestId, nonce: "n", codeVerifier: "v" };
    await saveState(database.db, { provider: "google", requestId, locale: "en", attempt, now });
    await issueLoginCode(database.db, made.user.id, now);
    const left = async () => ({
      states: (await database.db.select().from(oauthStates).where(eq(oauthStates.requestId, requestId))).length,
      codes: (await database.db.select().from(socialLoginCodes).where(eq(socialLoginCodes.userId, made.user.id))).length,
    });
    await pruneAuthRows(database.db, new Date(now.getTime() + SOCIAL.stateTtlMs + PRUNE.keepMs));
    expect(await left()).toEqual({ states: 1, codes: 0 });
    await pruneAuthRows(database.db, new Date(now.getTime() + SOCIAL.stateTtlMs + PRUNE.keepMs + 1));
    expect(await left()).toEqual({ states: 0, codes: 0 });
  });
});
