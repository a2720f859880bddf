// The server test files the PostgreSQL run leaves out (tests/server/same-on-either-database.ts)
// must really be the same on either database: none can open one (nothing they import reaches the
// code that opens a database or the test helpers that make one), and a file that starts the
// product in a process of its own hands it a blank DATABASE_URL, so the child runs on its folder.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph } from "../../tools/lint/import-cycles.ts";
import { SAME_ON_EITHER_DATABASE } from "../server/same-on-either-database.ts";

const root = resolve(import.meta.dirname, "../..");
const opensADatabase = ["server/platform/db/open.ts", "tests/server/helpers/test-db.ts", "tests/server/helpers/test-app.ts"].map((file) => join(root, file));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const graph = importGraph(["contract", "machines", "src", "server", "tests", "tools", "scripts"].flatMap((dir) => sources(join(root, dir))));

/** Every file `file` imports, directly or through others. */
function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const next of graph.get(current) ?? []) visit(next);
  };
  visit(file);
  return seen;
}

/** Why a test file may reach the database DATABASE_URL names, or null. */
function reachesTheDatabase(file: string): string | null {
  const opened = [...closure(file)].find((reached) => opensADatabase.includes(reached));
  if (opened) return `imports ${relative(root, opened)}`;
  const text = readFileSync(file, "utf8");
  if (/process\.env\.DATABASE_URL|postgresUrl/.test(text)) return "reads DATABASE_URL";
  if (/\.\.\.process\.env/.test(text) && /server\/main\.ts|scripts\/start\.ts/.test(text) && !/DATABASE_URL: ""/.test(text))
    return "starts the product with the caller's DATABASE_URL";
  return null;
}

describe("the server tests left out of the PostgreSQL run", () => {
  it.each(SAME_ON_EITHER_DATABASE)("%s never reaches the database DATABASE_URL names", (file) => {
    expect(existsSync(join(root, file))).toBe(true);
    expect(reachesTheDatabase(join(root, file))).toBeNull();
  });

  it("tells apart a file that does reach it", () => {
    expect(reachesTheDatabase(join(root, "tests/server/platform/database.test.ts"))).toBe("imports server/platform/db/open.ts");
    expect(reachesTheDatabase(join(root, "tests/server/auth/login.test.ts"))).toMatch(/^imports /);
  });
});
