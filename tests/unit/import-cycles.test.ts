// No import cycle anywhere in the product's code, type imports included (STYLE.md: modules declare
// what they need; the root composes them).
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cyclesOf, importCycles } from "../../tools/lint/import-cycles.ts";

const root = resolve(import.meta.dirname, "../..");

describe("import cycles", () => {
  it("finds none in contract, machines, the SPA, the server, tools and scripts", () => {
    expect(importCycles(root, ["contract", "machines", "src", "server", "tools", "scripts"])).toEqual([]);
  });

  it("reports a cycle made of type imports, and only the files in it", () => {
    const graph = new Map([
      ["services.ts", ["modules/a.ts"]],
      ["modules/a.ts", ["services.ts", "platform.ts"]],
      ["platform.ts", []],
      ["self.ts", ["self.ts"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["modules/a.ts", "services.ts"], ["self.ts"]]);
  });
});
