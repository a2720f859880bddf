import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SOCIAL } from "../../../server/modules/auth/limits.ts";
import { hashToken } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { sessions, socialLoginCodes } from "../../../server/modules/auth/schema.ts";
import { issueLoginCode } from "../../../server/modules/auth/social/login-codes.ts";
import { bodyOf, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const socialLogin = (body: unknown) => t.post("/user/social-login", { body });
const codeRow = async (code: string) =>
  (
    await database.db
      .select()
      .from(socialLoginCodes)
      .where(eq(socialLoginCodes.codeHash, hashToken(code)))
  )[0];

describe("POST /user/social-login", () => {
  it("says what is wrong with the code field: missing, or not text", async () => {
    expect((await bodyOf(await socialLogin({}))).data).toMatchObject({ reason: "validation", fields: { code: "This field is required." } });
    for (const code of [42, null, ["x"]]) {
      expect((await bodyOf(await socialLogin({ code }))).data, JSON.stringify(code)).toEqual({
        reason: "validation",
        fields: { code: "This value is not valid." },
        fieldKeys: { code: "field.invalid" },
      });
    }
  });

  it("uses the code and starts the session together; a dead code is used up all the same", async () => {
    const user = await seedUser(database.db);
    const code = await issueLoginCode(database.db, user.id, clock.now());
    const res = await socialLogin({ code });
    expect(res.status).toBe(200);
    const token = (await bodyOf(res)).data?.Token as string;
    expect(
      (
        await database.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]?.userId,
    ).toBe(user.id);
    expect(await codeRow(code)).toBeUndefined();

    const late = await issueLoginCode(database.db, user.id, clock.now());
    clock.advance(SOCIAL.loginCodeTtlMs);
    expect(await bodyOf(await socialLogin({ code: late }))).toMatchObject({ data: { reason: "socialCodeInvalid" } });
    expect(await codeRow(late)).toBeUndefined();
  });
});
