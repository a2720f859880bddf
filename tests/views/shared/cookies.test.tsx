// The cookies the app mirrors for the server's HTML: the sign-in's hint and token, the quote currency.
import { describe, expect, it } from "vitest";
import { writeQuoteCookie, writeSignedInHint } from "../../../src/shared/adapters/cookies.ts";

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );

describe("sign-in cookies", () => {
  it("carry the hint and the token while signed in, and are cleared on sign-out", () => {
    writeSignedInHint("abc_DEF-123");
    expect(cookies()).toMatchObject({ signedIn: "1", pageSession: "abc_DEF-123" });
    writeSignedInHint(null);
    expect(cookies()).not.toHaveProperty("signedIn");
    expect(cookies()).not.toHaveProperty("pageSession");
  });

  it("mirror the chosen quote currency", () => {
    writeQuoteCookie("AED");
    expect(cookies().quote).toBe("AED");
  });
});
