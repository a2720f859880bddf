import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PasswordHasher } from "../../../server/modules/auth/password.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { emailCodes, users } from "../../../server/modules/auth/schema.ts";
import { CONSENT, bodyOf, testHasher, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

// A hasher that fails for one password, as a crashed worker or an out-of-memory scrypt would.
const BROKEN = "this password breaks the hasher";
const hasher: PasswordHasher = {
  hash: (password) => (password === BROKEN ? Promise.reject(new Error("injected hasher failure")) : testHasher.hash(password)),
  verify: testHasher.verify,
  needsRehash: testHasher.needsRehash,
  cost: testHasher.cost,
};

let database: Database;
let t: TestApp;
appOverTestDatabase((suite) => ({ database, t } = suite), { hasher });

const signup = (email: string, password = "a long enough password") => t.post("/user/signup", { body: { fullName: "Atomic", email, password, ...CONSENT } });
const codesOf = async (email: string) => database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
const usersOf = async (email: string) => database.db.select().from(users).where(eq(users.email, email));

describe("a sign-up that fails half-way", () => {
  it("when hashing fails: leaves no code row, and the next sign-up of that e-mail goes through", async () => {
    const email = uniqueEmail("atomic");
    expect((await signup(email, BROKEN)).status).toBe(500);
    expect(await codesOf(email)).toEqual([]);
    expect(await usersOf(email)).toEqual([]);
    const next = await signup(email);
    expect(next.status).toBe(200);
    expect((await bodyOf(next)).data).toMatchObject({ email, resendAfter: 60 });
  });

  it("when writing the account fails after the code was issued: rolls the code back too", async () => {
    const email = uniqueEmail("rollback");
    // The database refuses this one account, after the code row is written in the same call.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_account() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.email = '${email}' THEN RAISE EXCEPTION 'injected database failure'; END IF; RETURN NEW; END $$`),
    );
    await database.db.execute(sql.raw(`CREATE TRIGGER refuse_account BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_account()`));
    try {
      expect((await signup(email)).status).toBe(500);
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER refuse_account ON users`));
      await database.db.execute(sql.raw(`DROP FUNCTION refuse_account()`));
    }
    expect(await codesOf(email)).toEqual([]);
    expect(await usersOf(email)).toEqual([]);
    expect((await signup(email)).status).toBe(200);
    expect(await usersOf(email)).toHaveLength(1);
    expect(await codesOf(email)).toHaveLength(1);
  });
});
