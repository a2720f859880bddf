import { describe, expect, it } from "vitest";
import { isolateLtr, splitIsolates } from "../../../src/shared/i18n/bidi.ts";

const LRI = "\u2066";
const PDI = "\u2069";

describe("an e-mail address inside a sentence", () => {
  it("is isolated left to right with LRI … PDI, its characters untouched (a copied address still works)", () => {
    expect(isolateLtr("layla-haddad@example.com")).toBe(`${LRI}layla-haddad@example.com${PDI}`);
  });

  it("is found again in a translated sentence, in order, without its marks", () => {
    const sentence = `أرسلنا رمزًا من 6 أرقام إلى ${isolateLtr("layla-haddad@example.com")}.`;
    expect(splitIsolates(sentence)).toEqual([
      { text: "أرسلنا رمزًا من 6 أرقام إلى ", ltr: false },
      { text: "layla-haddad@example.com", ltr: true },
      { text: ".", ltr: false },
    ]);
  });

  it("leaves a sentence without one as one plain part, and finds several", () => {
    expect(splitIsolates("Welcome to Sarraf.")).toEqual([{ text: "Welcome to Sarraf.", ltr: false }]);
    expect(splitIsolates(`${isolateLtr("a@x.io")} ↔ ${isolateLtr("b-c@y.io")}`)).toEqual([
      { text: "a@x.io", ltr: true },
      { text: " ↔ ", ltr: false },
      { text: "b-c@y.io", ltr: true },
    ]);
  });
});
