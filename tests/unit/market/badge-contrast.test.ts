import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BLACK, contrastRatio, inkOn, WHITE } from "../../../src/features/market/lib/contrast.ts";

// Every colour the catalog gives an asset: the migrations that seed and change the assets table.
const migrations = join(import.meta.dirname, "../../../server/platform/db/migrations");
const catalogColours = [
  ...new Set(
    readdirSync(migrations)
      .filter((file) => file.endsWith(".sql"))
      .flatMap((file) => [...readFileSync(join(migrations, file), "utf8").matchAll(/'(#[0-9a-f]{6})'/gi)].map((match) => match[1]!.toLowerCase())),
  ),
];

describe("coin badges", () => {
  it("the contrast formula gives WCAG's known ratios", () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // White on Bitcoin's orange and on Avalanche's red: what the badges showed before.
    expect(contrastRatio(WHITE, "#f7931a")).toBeCloseTo(2.3, 2);
    expect(contrastRatio(WHITE, "#e84142")).toBeCloseTo(3.99, 2);
  });

  it("finds the catalog's colours", () => {
    expect(catalogColours.length).toBeGreaterThanOrEqual(17);
    expect(catalogColours).toContain("#f7931a");
  });

  it.each(catalogColours)("text on %s reads at 4.5:1 or more", (colour) => {
    expect(contrastRatio(inkOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("the badge draws its letters in that ink", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { AssetBadge } = await import("../../../src/features/market/components/AssetBadge.tsx");
    const html = renderToStaticMarkup(createElement(AssetBadge, { asset: { symbol: "BTC", color: "#f7931a" } }));
    expect(html).toContain("color:#000000");
  });

  it("any colour a new asset may bring gets a legible ink", () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);
    fc.assert(fc.property(hex, (colour) => contrastRatio(inkOn(colour), colour) >= 4.5));
  });
});
