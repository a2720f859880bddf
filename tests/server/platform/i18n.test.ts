import { describe, expect, it } from "vitest";
import { catalogs, locales, negotiateLocale, translate } from "../../../server/platform/i18n/index.ts";

describe("server catalogs", () => {
  const ids = Object.keys(catalogs.en) as (keyof typeof catalogs.en)[];

  it("give every id a non-empty message in every locale", () => {
    for (const locale of locales) {
      expect(Object.keys(catalogs[locale]).sort(), locale).toEqual([...ids].sort());
      for (const id of ids) expect(catalogs[locale][id].trim(), `${locale} ${id}`).not.toBe("");
    }
  });

  it("have Arabic that is actually Arabic, not a copy of the English", () => {
    for (const id of ids) {
      expect(catalogs.ar[id], id).not.toBe(catalogs.en[id]);
      expect(catalogs.ar[id], id).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("translate through Lingui", () => {
    expect(translate("en", "error.notFound")).toBe(catalogs.en["error.notFound"]);
    expect(translate("ar", "error.notFound")).toBe(catalogs.ar["error.notFound"]);
  });
});

describe("negotiateLocale", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["ar", "ar"],
    ["AR-eg", "ar"],
    ["ar-SA,ar;q=0.9", "ar"],
    ["en-US,en;q=0.9,ar;q=0.8", "en"],
    ["en;q=0.2, ar;q=0.8", "ar"],
    ["fr, de;q=0.9, ar;q=0.1", "ar"],
    ["ar;q=0, en", "en"],
    ["fr", "en"],
    ["*", "en"],
    ["ar;q=abc, en;q=0.5", "en"],
    [";;;,,", "en"],
  ])("%j -> %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
