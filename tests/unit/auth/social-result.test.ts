import { describe, expect, it } from "vitest";
import { resultEventOf } from "../../../src/features/auth/adapters/socialResult.ts";
import { base64url } from "../../../src/shared/lib/base64url.ts";

describe("the callback page's message", () => {
  it("becomes a result or a failure only in the exact shape the server sends", () => {
    expect(resultEventOf({ type: "sarraf.social", requestId: "r1", code: "abc" })).toEqual({ type: "social.result", requestId: "r1", code: "abc" });
    expect(resultEventOf({ type: "sarraf.social", requestId: "r1", error: "emailTaken" })).toEqual({
      type: "social.failure",
      requestId: "r1",
      reason: "emailTaken",
    });
    for (const junk of [
      null,
      "sarraf.social",
      { type: "other", requestId: "r1", code: "abc" },
      { type: "sarraf.social", code: "abc" },
      { type: "sarraf.social", requestId: "r1", code: "" },
      { type: "sarraf.social", requestId: "r1", error: "hacked" },
    ]) {
      expect(resultEventOf(junk)).toBeNull();
    }
  });
});

describe("base64url", () => {
  it("matches Node's encoding for every length mod 3", () => {
    for (const length of [0, 1, 2, 3, 16, 32, 65]) {
      const bytes = new Uint8Array(Array.from({ length }, (_, i) => (i * 97 + 251) % 256));
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      expect(base64url(bytes.buffer)).toBe(Buffer.from(bytes).toString("base64url"));
    }
  });
});
