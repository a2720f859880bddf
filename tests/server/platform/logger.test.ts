import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { errorFields } from "../../../server/platform/logging/logger.ts";

const SECRET = "$scrypt$ln=17,r=8,p=1$c2VjcmV0$a2V5";

/** node-postgres' error for a unique violation: its detail quotes the clashing value. */
function pgUniqueViolation(): pg.DatabaseError {
  const error = new pg.DatabaseError(`duplicate key value violates unique constraint "users_email_unique"`, 120, "error");
  Object.assign(error, {
    severity: "ERROR",
    code: "23505",
    detail: `Key (email)=(${SECRET}) already exists.`,
    table: "users",
    constraint: "users_email_unique",
  });
  return error;
}

/** PGlite's protocol error: a minified class named "error", carrying the query and its parameters. */
function pgliteError(): Error {
  class O extends Error {}
  const error = new O(`invalid input syntax for type integer: "${SECRET}"`);
  error.name = "error";
  Object.assign(error, { severity: "ERROR", code: "22P02", query: "select $1::int", params: [SECRET] });
  return error;
}

const logged = (error: unknown) => JSON.stringify(errorFields(error));

describe("errorFields", () => {
  it("logs a Drizzle query error by kind, SQLSTATE and stack frames, without the query or its bound values", () => {
    const error = new DrizzleQueryError(`insert into "users" ("email", "password_hash") values ($1, $2)`, ["x@example.com", SECRET], pgUniqueViolation());
    const fields = errorFields(error) as { err: Record<string, unknown> };
    expect(fields.err).toMatchObject({ name: "DrizzleQueryError", database: true, code: "23505" });
    expect(fields.err.stack).toMatch(/^\s+at /);
    expect(fields.err.causes).toEqual([expect.objectContaining({ kind: "DatabaseError", code: "23505" })]);
    for (const value of [SECRET, "x@example.com", "insert into", "params", "Key (", "duplicate key"]) expect(logged(error), value).not.toContain(value);
  });

  it("logs node-postgres and PGlite errors without message or detail, also as the cause of another error", () => {
    for (const error of [pgUniqueViolation(), pgliteError(), new Error("saving the sign-up failed", { cause: pgliteError() })]) {
      const text = logged(error);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("select $1");
      expect(errorFields(error)).toMatchObject({ err: { database: true, code: expect.stringMatching(/^(23505|22P02)$/) } });
    }
  });

  it("drops message lines that look like stack frames", () => {
    const error = new DrizzleQueryError("select $1", [`x\n    at ${SECRET} (evil.js:1:1)`], new Error("cause"));
    expect(logged(error)).not.toContain(SECRET);
  });

  it("keeps the plain message and stack of other errors, and stringifies non-errors", () => {
    const error = new TypeError("fetch failed");
    expect(errorFields(error)).toEqual({ err: { name: "TypeError", message: "fetch failed", stack: error.stack } });
    expect(errorFields("boom")).toEqual({ err: { value: "boom" } });
  });

  it("ends a cycle of causes", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(errorFields(a)).toMatchObject({ err: { name: "Error", message: "a" } });
  });
});
