import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { socialIdentities, type User } from "../../../server/modules/auth/schema.ts";
import { bodyOf, seedSession, seedUser, testClock, uniqueEmail } from "../helpers/auth.ts";
import { listen } from "../helpers/browser.ts";
import { signInWith } from "../helpers/social.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

// The profile says how the account signs in: a password or not, and which providers are linked.
let database: Database;
let t: TestApp;
let base: string;
let close: () => Promise<void>;
const clock = testClock();
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp({ database, now: clock.now });
  ({ url: base, close } = await listen(t.app));
});
beforeEach(() => void clock.nextTest());
afterAll(async () => {
  await close();
  await database.close();
});

const profileOf = async (token: string) => (await bodyOf(await t.post("/user/get-profile-by-id", { token }))).data!;
const link = (user: User, provider: string, subject = `${provider}-${user.id}`) =>
  database.db.insert(socialIdentities).values({
    userId: user.id,
    provider,
    issuer: `https://${provider}.example`,
    subject,
    email: user.email,
    emailVerified: true,
    createdAt: clock.now(),
    lastUsedAt: clock.now(),
  });

describe("the profile's sign-in methods", () => {
  it("an account made with Google: no password, Google linked; setting a password keeps Google", async () => {
    const { result } = await signInWith(base, "google", { email: uniqueEmail("google") });
    if (!("code" in result)) throw new Error(`no code: ${JSON.stringify(result)}`);
    const signedIn = await bodyOf(await t.post("/user/social-login", { body: { code: result.code } }));
    const token = signedIn.data!.Token as string;
    expect(await profileOf(token)).toMatchObject({ hasPassword: false, providers: ["google"] });

    const set = await bodyOf(await t.post("/user/set-password", { token, body: { password: "copper kettle sunrise harbour" } }));
    expect(set.data).toMatchObject({ hasPassword: true, providers: ["google"] });
    const renamed = await bodyOf(await t.post("/user/update-profile", { token, body: { fullName: "Renamed" } }));
    expect(renamed.data).toMatchObject({ fullName: "Renamed", providers: ["google"] });
  });

  it("an account made with a password: a password and no provider", async () => {
    const user = await seedUser(database.db, { now: clock.now() });
    expect(await profileOf(await seedSession(database.db, user, clock.now()))).toMatchObject({ hasPassword: true, providers: [] });
  });

  it("names each linked provider once, in the contract's order, and ignores one it does not know", async () => {
    const user = await seedUser(database.db, { password: null, now: clock.now() });
    await link(user, "facebook");
    await link(user, "google", "first");
    await link(user, "google", "second");
    await link(user, "myspace");
    expect(await profileOf(await seedSession(database.db, user, clock.now()))).toMatchObject({ hasPassword: false, providers: ["google", "facebook"] });
  });
});
