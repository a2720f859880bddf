// What every diagram writes on its edges and inside its state boxes. Browser-safe.
import type { Chart, ChartNode, ChartTransition } from "./model.ts";

/** The unguarded last candidate after guarded ones is the "otherwise" branch; reviewers read it as [else]. */
export function isElseBranch(chart: Chart, t: ChartTransition): boolean {
  if (t.guard !== undefined || t.index === 0) return false;
  return chart.transitions.some((o) => o.sourceId === t.sourceId && o.eventType === t.eventType && o.index < t.index && o.guard !== undefined);
}

/** "event [guard] / action, action" ("[else]" for a fallback). */
export function edgeLabel(chart: Chart, t: ChartTransition): string {
  let label = t.trigger;
  if (t.guard !== undefined) label += ` [${t.guard}]`;
  else if (isElseBranch(chart, t)) label += " [else]";
  if (t.reenter && t.targetIds.includes(t.sourceId)) label += " (re-enter)";
  if (t.actions.length) label += ` / ${t.actions.join(", ")}`;
  return label;
}

/** A transition's label followed by its description, for formats with one line per transition. */
export function withDescription(label: string, t: ChartTransition): string {
  return t.description ? `${label} — ${t.description}` : label;
}

/** The lines inside a state box: description, entry/exit actions, invokes, tags, and transitions that stay in the state. */
export function internalLines(chart: Chart, node: ChartNode): string[] {
  const lines: string[] = [];
  if (node.description) lines.push(node.description);
  if (node.entry.length) lines.push(`entry / ${node.entry.join(", ")}`);
  if (node.exit.length) lines.push(`exit / ${node.exit.join(", ")}`);
  for (const invoke of node.invokes) lines.push(invoke.id === invoke.src ? `invoke ${invoke.id}` : `invoke ${invoke.id} (${invoke.src})`);
  if (node.tags.length) lines.push(`tags: ${node.tags.join(", ")}`);
  for (const t of chart.transitions) {
    if (t.sourceId === node.id && !t.targetIds.length) lines.push(withDescription(edgeLabel(chart, t), t));
  }
  return lines;
}

/** The innermost state with children that contains all the given nodes: where an edge between them is drawn. */
export function lowestCommonAncestor(nodes: Map<string, ChartNode>, ids: string[]): string {
  const chains = ids.map((id) => {
    const chain: string[] = [];
    for (let n = nodes.get(id); n; n = n.parentId ? nodes.get(n.parentId) : undefined) chain.unshift(n.id);
    return chain;
  });
  let common = chains[0]![0]!;
  for (let depth = 0; chains.every((c) => c[depth] !== undefined && c[depth] === chains[0]![depth]); depth++) common = chains[0]![depth]!;
  let scope = nodes.get(common)!;
  while (!scope.childIds.length && scope.parentId) scope = nodes.get(scope.parentId)!;
  return scope.id;
}
