import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCommonPassword } from "../../../server/modules/auth/common-passwords.ts";
import { SCRYPT } from "../../../server/modules/auth/limits.ts";
import { hashPassword, needsRehash, parsePhc, verifyPassword } from "../../../server/modules/auth/password.ts";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { users } from "../../../server/modules/auth/schema.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");
/** A PHC string made outside the module, at a cheaper cost, as an older policy would have. */
const cheapHash = (password: string, logN = 12) => {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 2 ** logN, r: 8, p: 1 });
  return `$scrypt$ln=${logN},r=8,p=1$${b64(salt)}$${b64(key)}`;
};

describe("hashPassword", () => {
  it("makes a PHC string with scrypt N=2^17, r=8, p=1, a 16-byte salt and a 32-byte key", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const phc = parsePhc(stored)!;
    expect(phc.salt).toHaveLength(SCRYPT.saltBytes);
    expect(phc.key).toHaveLength(SCRYPT.keyBytes);
    // The key is exactly scrypt of the NFKC password with those parameters.
    const expected = scryptSync("correct horse battery", phc.salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: SCRYPT.maxmem });
    expect(phc.key.equals(expected)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
  });
});

describe("verifyPassword", () => {
  it("reads the cost from the stored string", async () => {
    const stored = cheapHash("an older account password");
    expect(await verifyPassword("an older account password", stored)).toBe(true);
    expect(await verifyPassword("an older account passworD", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("treats composed and decomposed accents as the same password (NFKC)", async () => {
    const stored = cheapHash("caf\u00e9 au lait please");
    expect(await verifyPassword("cafe\u0301 au lait please", stored)).toBe(true);
  });

  it("refuses malformed or out-of-bounds hashes without throwing", async () => {
    const good = cheapHash("whatever password");
    for (const stored of [
      "",
      "plain",
      good.replace("$scrypt$", "$argon2id$"),
      good.replace("ln=12", "ln=30"),
      good.replace("r=8", "r=99"),
      good.slice(0, -24),
    ]) {
      expect(await verifyPassword("whatever password", stored), stored).toBe(false);
    }
  });
});

describe("isCommonPassword", () => {
  it("matches the 10,000 most common passwords case-insensitively after NFKC", () => {
    expect(isCommonPassword("qwerty123456")).toBe(true);
    expect(isCommonPassword("QwErTy123456")).toBe(true);
    expect(isCommonPassword("ｑｗｅｒｔｙ１２３４５６")).toBe(true); // full-width forms fold under NFKC
    expect(isCommonPassword("qwerty123456 but longer")).toBe(false);
  });
});

describe("login with a hash from an older policy", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("signs in and upgrades the hash to today's parameters", async () => {
    // The app's own hasher (createApp's default), so this also proves the app hashes at the policy's cost.
    const t = createTestApp({ database, hasher: "policy" });
    const user = await createUser(database.db, { email: "veteran@example.com", passwordHash: cheapHash("my old long password"), emailVerifiedAt: new Date() });
    expect((await t.post("/user/login", { body: { email: user.email, password: "my old long password" } })).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(parsePhc(row!.passwordHash!)).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(await verifyPassword("my old long password", row!.passwordHash!)).toBe(true);
  });
});
