import { describe, expect, it } from "vitest";
import { parsePair } from "../../../src/shared/lib/pair.ts";
import { exchangeHref } from "../../../src/shared/lib/paths.ts";

describe("exchange pair from the URL", () => {
  it("reads the sidebar's default link", () => {
    expect(exchangeHref()).toBe("/exchange?curr=USD&symbol=BTC");
    expect(parsePair("?curr=USD&symbol=BTC")).toEqual({ ok: true, curr: "USD", symbol: "BTC" });
  });

  it("defaults missing values and upper-cases", () => {
    expect(parsePair("")).toEqual({ ok: true, curr: "USD", symbol: "BTC" });
    expect(parsePair("?symbol=eth")).toEqual({ ok: true, curr: "USD", symbol: "ETH" });
  });

  it.each(["?symbol=<script>", "?curr=US%20D", "?symbol=" + "A".repeat(20), "?curr=X"])("rejects %s", (search) => {
    expect(parsePair(search)).toEqual({ ok: false, curr: "USD", symbol: "BTC" });
  });
});
