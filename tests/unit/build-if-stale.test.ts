// `npm start` rebuilds dist/ only when needed: sources newer than the stamp, or different
// build-time settings (a VITE_* value is baked into the bundle).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSettings, isBuildStale } from "../../scripts/build-if-stale.ts";

let root: string;
const saved = process.env.VITE_STATECHARTS_VIEWER;

function stampNow(settings = buildSettings()) {
  writeFileSync(join(root, "dist", ".build-stamp"), `2026-11-22T00:00:00.000Z\n${settings}\n`);
}

beforeEach(() => {
  delete process.env.VITE_STATECHARTS_VIEWER;
  root = mkdtempSync(join(tmpdir(), "sarraf-stale-"));
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "src", "main.tsx"), "export {};\n");
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(root, "src", "main.tsx"), past, past);
  utimesSync(join(root, "src"), past, past);
  writeFileSync(join(root, "dist", "index.html"), "<!doctype html>");
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  if (saved === undefined) delete process.env.VITE_STATECHARTS_VIEWER;
  else process.env.VITE_STATECHARTS_VIEWER = saved;
});

describe("isBuildStale", () => {
  it("is current after a build with the same settings and no newer source", () => {
    stampNow();
    expect(isBuildStale(root)).toBe(false);
  });

  it("is stale without a stamp or without index.html", () => {
    expect(isBuildStale(root)).toBe(true);
    stampNow();
    rmSync(join(root, "dist", "index.html"));
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale when a source file is newer than the stamp", () => {
    stampNow();
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, "src", "main.tsx"), future, future);
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale when a VITE_ setting differs from the one the build was made with", () => {
    stampNow();
    process.env.VITE_STATECHARTS_VIEWER = "true";
    expect(isBuildStale(root)).toBe(true);
    stampNow();
    expect(isBuildStale(root)).toBe(false);
  });

  it("treats a stamp from the old format (no settings line) as stale", () => {
    writeFileSync(join(root, "dist", ".build-stamp"), "2026-01-01");
    expect(isBuildStale(root)).toBe(true);
  });
});
