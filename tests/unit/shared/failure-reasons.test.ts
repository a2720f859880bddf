import { describe, expect, expectTypeOf, it } from "vitest";
import type { AnyReason } from "../../../contract/index.ts";
import { failedWith, failureOf, type FailureMatch } from "../../../machines/failure.ts";
import { failureDataOf } from "../../../src/shared/api/errors.ts";

// The SPA reads and maps only reasons the route table documents: tsc checks the lines marked to
// expect an error (they must not compile), vitest the reading at run time.

export const notReasons: FailureMatch[] = [
  // @ts-expect-error belowMinimum is a field key of a validation failure, not a reason
  { reason: "belowMinimum" },
  // @ts-expect-error no route sends tooManyDecimals as a reason
  { reason: "tooManyDecimals" },
];

describe("a failure's reason", () => {
  it("is one some route documents", () => {
    expectTypeOf(failureOf("login", new Error()).reason).toEqualTypeOf<AnyReason | null>();
  });

  it("is matched by guards when the server sent it", () => {
    const error = Object.assign(new Error("Wrong code."), { code: "badRequest", data: failureDataOf({ reason: "codeInvalid", attemptsLeft: 2 }) });
    expect(failedWith(error, { reason: "codeInvalid" })).toBe(true);
    expect(failureOf("verify", error)).toMatchObject({ reason: "codeInvalid", attemptsLeft: 2 });
  });

  it("from a newer server is kept apart: never matched, shown in the server's words", () => {
    const data = failureDataOf({ reason: "somethingNew", retryAfter: 3 });
    expect(data).toEqual({ unknownReason: "somethingNew", retryAfter: 3 });
    const failure = failureOf("login", Object.assign(new Error("New words."), { code: "badRequest", data }));
    expect(failure).toMatchObject({ reason: null, unknownReason: "somethingNew", retryAfter: 3 });
  });
});
