// What there is to cover in a machine and how much of it a set of runs covered.
import type { StepEffect } from "./driver.ts";
import type { Chart } from "./model.ts";

export interface CoverageTargets {
  /** Every state node but the root (history nodes included: they count once a transition enters them). */
  states: string[];
  transitions: string[];
  /** `<transition id>:true` and `:false` for every guarded transition. */
  guardBranches: string[];
}

export interface CoverageCount {
  covered: number;
  total: number;
  uncovered: string[];
}

export interface CoverageReport {
  states: CoverageCount;
  transitions: CoverageCount;
  guardBranches: CoverageCount;
}

export function coverageTargets(chart: Chart): CoverageTargets {
  return {
    states: chart.nodes.filter((n) => n.id !== chart.rootId).map((n) => n.id),
    transitions: chart.transitions.map((t) => t.id),
    guardBranches: chart.transitions.filter((t) => t.guard !== undefined).flatMap((t) => [`${t.id}:true`, `${t.id}:false`]),
  };
}

/** Accumulates what runs of a machine did. */
export class Observed {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly guardBranches = new Set<string>();

  add(effect: Pick<StepEffect, "visited" | "fired" | "guardBranches">): this {
    effect.visited.forEach((id) => this.states.add(id));
    effect.fired.forEach((id) => this.transitions.add(id));
    effect.guardBranches.forEach((id) => this.guardBranches.add(id));
    return this;
  }

  /** Whether the effect would add anything not yet observed. */
  isNew(effect: Pick<StepEffect, "visited" | "fired" | "guardBranches">, targets: TargetSets): boolean {
    return (
      effect.fired.some((id) => !this.transitions.has(id) && targets.transitions.has(id)) ||
      effect.guardBranches.some((id) => !this.guardBranches.has(id) && targets.guardBranches.has(id)) ||
      effect.visited.some((id) => !this.states.has(id) && targets.states.has(id))
    );
  }
}

export interface TargetSets {
  states: Set<string>;
  transitions: Set<string>;
  guardBranches: Set<string>;
}

export function targetSets(targets: CoverageTargets): TargetSets {
  return { states: new Set(targets.states), transitions: new Set(targets.transitions), guardBranches: new Set(targets.guardBranches) };
}

function count(all: string[], seen: Set<string>): CoverageCount {
  const uncovered = all.filter((id) => !seen.has(id));
  return { covered: all.length - uncovered.length, total: all.length, uncovered };
}

export function coverageReport(targets: CoverageTargets, observed: Observed): CoverageReport {
  return {
    states: count(targets.states, observed.states),
    transitions: count(targets.transitions, observed.transitions),
    guardBranches: count(targets.guardBranches, observed.guardBranches),
  };
}

export function isComplete(report: CoverageReport): boolean {
  return !report.states.uncovered.length && !report.transitions.uncovered.length && !report.guardBranches.uncovered.length;
}

export function percent(c: CoverageCount): string {
  return c.total === 0 ? "100%" : `${Math.floor((c.covered / c.total) * 1000) / 10}%`;
}
