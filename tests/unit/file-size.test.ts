// Small files are read whole: a machine file past 250 lines is split (a child machine, or its
// setup, types and samples beside it); a view past 150 lines is split into components.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";

const filesUnder = (dir: string) =>
  (readdirSync(join(repoRoot, dir), { recursive: true }) as string[])
    .map((file) => `${dir}/${file.split("\\").join("/")}`)
    .filter((file) => /\.tsx?$/.test(file));

const lineCount = (file: string) => readFileSync(join(repoRoot, file), "utf8").replace(/\n$/, "").split("\n").length;

const machines = filesUnder("machines");
const views = [...filesUnder("src/features").filter((file) => /^src\/features\/[^/]+\/(pages|components)\//.test(file)), ...filesUnder("src/shared/ui")];

describe("file size limits", () => {
  it("finds the files it limits", () => {
    expect(machines).toContain("machines/auth/auth.machine.ts");
    expect(views).toContain("src/features/auth/pages/LoginPage.tsx");
    expect(views).toContain("src/shared/ui/form.tsx");
  });

  it("keeps every file under machines/ within 250 lines", () => {
    expect(machines.filter((file) => lineCount(file) > 250).map((file) => `${file}: ${lineCount(file)} lines`)).toEqual([]);
  });

  it("keeps every view (features' pages and components, shared/ui) within 150 lines", () => {
    expect(views.filter((file) => lineCount(file) > 150).map((file) => `${file}: ${lineCount(file)} lines`)).toEqual([]);
  });
});
