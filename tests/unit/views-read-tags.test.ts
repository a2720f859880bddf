// Views ask machines, they do not compare state names: they read declared tags, `can(event)`
// and context, and hear successes as emitted events. A state renamed in a chart then breaks the
// type check, never a screen silently. This keeps it so in every file of the SPA.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverMachines, repoRoot } from "../../tools/statecharts/discover.ts";
import { chartOf } from "../../tools/statecharts/model.ts";

// The statecharts viewer's job is to show state values: it is the one reader allowed.
const exempt = ["src/features/statecharts/"];

const files = (readdirSync(join(repoRoot, "src"), { recursive: true }) as string[])
  .map((file) => join("src", file.split("\\").join("/")))
  .filter((file) => /\.tsx?$/.test(file) && !exempt.some((prefix) => file.startsWith(prefix)));

const stateNames = new Set(
  (await discoverMachines()).flatMap(({ machine }) =>
    chartOf(machine)
      .nodes.filter((node) => node.parentId !== null)
      .map((node) => node.key),
  ),
);

/**
 * Words compared with ===/!== to what is not a tag, a failure's reason or code, or a status: those
 * are declared tags and contract values, which a machine may also use as state names (the trade
 * quote machine's failed.pricesStale; KYC's answer `status: "approved"` beside the KYC machine's
 * state of that name), or an actor's own status ("done"), and reading them is what views should do.
 * A document's `readyState` ("complete") is the browser's, not a machine's.
 */
const declaredValue = /(?:^|[.?])(?:tag|reason|code|status|readyState)$/;
const comparedWords = (line: string) =>
  [...line.matchAll(/([\w.?]*)\s*[!=]==\s*(["'`])(\w+)\2|(["'`])(\w+)\4\s*[!=]==\s*([\w.?]*)/g)]
    .filter((m) => !declaredValue.test(m[1] ?? m[6] ?? ""))
    .map((m) => m[3] ?? m[5]!);

/** Whether a line reads a machine's state by name: `.matches(…)`, `state.value`, or a state name compared. */
function readsStateName(line: string): boolean {
  // A DOM element's matches(selector) is the browser's CSS test, not a machine's.
  return /(?<!\belement)\.matches\(/.test(line) || /\b(?:state|snapshot)\??\.value\b/.test(line) || comparedWords(line).some((word) => stateNames.has(word));
}

function stateNameReads(file: string): string[] {
  const lines = readFileSync(join(repoRoot, file), "utf8").split("\n");
  return lines.flatMap((line, index) => (readsStateName(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe("views read tags, not state names", () => {
  it("finds no state name matched, read as a value or compared anywhere in src/ (the statecharts viewer aside)", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(stateNameReads)).toEqual([]);
  });

  it.each(['busy={call === "loggingIn"}', 'if ("waiting" !== phase) return;', 'state.matches("authenticated")', "(snapshot) => snapshot.value"])(
    "would catch %s",
    (line) => {
      expect(readsStateName(line)).toBe(true);
    },
  );

  it.each([
    'locale === "ar"',
    'state.hasTag("loading")',
    'failure.code === "network"',
    'failure.reason === "pricesStale"',
    'if (tag === "expired")',
    "event.target.value",
  ])("lets %s pass", (line) => {
    expect(readsStateName(line)).toBe(false);
  });
});
