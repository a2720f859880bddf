// Generated paths as Given/When/Then scenarios a tester can read and replay by hand.
import type { StateValue } from "xstate";
import type { CoverageReport } from "./coverage.ts";
import type { PathStep } from "./driver.ts";
import { humanDuration, stableJson } from "./format.ts";
import { relativeId, type Chart, type ChartTransition } from "./model.ts";
import type { PathSet } from "./paths.ts";

/** "authenticated.active", or "tracking.shipment.packing + tracking.payment.pending" for parallel states. */
export function describeValue(value: StateValue): string {
  const leaves: string[] = [];
  const walk = (v: StateValue, prefix: string): void => {
    if (typeof v === "string") {
      leaves.push(prefix + v);
      return;
    }
    const keys = Object.keys(v);
    if (!keys.length) leaves.push(prefix.slice(0, -1));
    for (const key of keys) walk(v[key] as StateValue, `${prefix}${key}.`);
  };
  walk(value, "");
  return leaves.join(" + ");
}

function sample(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : stableJson(value);
}

export function describeStep(step: PathStep): string {
  switch (step.kind) {
    case "event": {
      const { type, ...payload } = step.event;
      return Object.keys(payload).length ? `\`${type}\` is sent with \`${stableJson(payload)}\`` : `\`${type}\` is sent`;
    }
    case "wait":
      return `${humanDuration(step.ms)} pass`;
    case "done":
      return `\`${step.invokeId}\` finishes with \`${sample(step.output)}\``;
    case "error":
      return `\`${step.invokeId}\` fails with \`${sample(step.error)}\``;
  }
}

function describeTransition(chart: Chart, t: ChartTransition): string {
  const from = relativeId(chart, t.sourceId);
  const to = t.targetIds.length ? t.targetIds.map((id) => relativeId(chart, id)).join(", ") : "(stays)";
  const guard = t.guard !== undefined ? ` [${t.guard}]` : "";
  return `${from} → ${to} on ${t.trigger}${guard}`;
}

function coverageRow(c: CoverageReport, pathCount: number, steps: number): string {
  return [
    "| states | transitions | guard branches | paths | steps |",
    "|---|---|---|---|---|",
    `| ${c.states.covered}/${c.states.total} | ${c.transitions.covered}/${c.transitions.total} | ${c.guardBranches.covered}/${c.guardBranches.total} | ${pathCount} | ${steps} |`,
  ].join("\n");
}

export function toScenarios(chart: Chart, set: PathSet, sourceFile: string): string {
  const byId = new Map(chart.transitions.map((t) => [t.id, t]));
  const via = (fired: string[]): string => {
    const parts = fired.map((id) => {
      const t = byId.get(id);
      return t ? describeTransition(chart, t) : id;
    });
    return parts.length ? ` _(${parts.join("; ")})_` : " _(no transition)_";
  };
  const totalSteps = set.paths.reduce((n, p) => n + p.steps.length, 0);
  const lines = [
    `# Scenarios: ${chart.id}`,
    "",
    `Generated from \`${sourceFile}\` by \`npm run paths\`; do not edit. Every scenario runs in \`npm test\``,
    "(tests/statecharts/paths.test.ts) against the real machine, with a simulated clock and faked invoked actors.",
    "",
    coverageRow(set.coverage, set.paths.length, totalSteps),
  ];
  const uncovered = [...set.coverage.states.uncovered, ...set.coverage.transitions.uncovered, ...set.coverage.guardBranches.uncovered];
  if (uncovered.length) lines.push("", "**Not covered:**", "", ...uncovered.map((u) => `- ${u}`));
  if (set.notes.length) lines.push("", "**Notes:**", "", ...set.notes.map((n) => `- ${n}`));
  set.paths.forEach((path, i) => {
    const last = path.steps.at(-1);
    const end = last ? describeValue(last.value) : describeValue(path.initial.value);
    lines.push("", `## Scenario ${i + 1}: ends in ${end}${(last?.status ?? path.initial.status) === "done" ? " (final)" : ""}`, "");
    const input = path.input === undefined ? "no input" : `input \`${stableJson(path.input)}\``;
    lines.push(`- **Given** the machine starts with ${input}`);
    lines.push(`- **Then** it is in **${describeValue(path.initial.value)}**${path.initial.fired.length ? via(path.initial.fired) : ""}`);
    for (const step of path.steps) {
      lines.push(`- **When** ${describeStep(step.step)}`);
      lines.push(`- **Then** it is in **${describeValue(step.value)}**${step.status === "done" ? " (final)" : ""}${via(step.fired)}`);
    }
  });
  return `${lines.join("\n")}\n`;
}
