import { describe, expect, it } from "vitest";
import { formatDay, parseDay } from "../../../src/shared/i18n/dates.ts";

describe("days as people type them", () => {
  it.each([
    ["1/11/2026", "2026-11-01"],
    ["01-11-2026", "2026-11-01"],
    ["1.11.2026", "2026-11-01"],
    ["  3/4/2026 ", "2026-04-03"],
    ["1 Nov 2026", "2026-11-01"],
    ["1 november 2026", "2026-11-01"],
    ["30 Sept 2026", "2026-09-30"],
    ["30 sep 2026", "2026-09-30"],
    ["1 نوفمبر 2026", "2026-11-01"],
    ["01\u200f/11\u200f/2026", "2026-11-01"],
    ["٠١/١١/٢٠٢٦", "2026-11-01"],
    ["2026-11-01", "2026-11-01"],
    ["29/02/2028", "2028-02-29"],
  ])("reads %j as %s (day first, as the page writes it)", (text, day) => expect(parseDay(text)).toBe(day));

  it.each(["", "31/02/2026", "29/02/2027", "11/2026", "1/11/26", "1/13/2026", "0/11/2026", "1 Brumaire 2026", "2026-13-01", "yesterday"])(
    "refuses %j",
    (text) => expect(parseDay(text)).toBeNull(),
  );

  it("writes a day as the page writes dates, and reads back what it wrote", () => {
    expect(formatDay("2026-11-01", "en")).toBe("1 Nov 2026");
    expect(formatDay("2026-11-01", "ar")).toBe("01/11/2026");
    for (const locale of ["en", "ar"]) for (const day of ["2026-01-31", "2026-09-30", "2026-12-01"]) expect(parseDay(formatDay(day, locale))).toBe(day);
    expect(formatDay("not a day", "en")).toBe("not a day");
  });
});
