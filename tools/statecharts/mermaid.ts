// Mermaid stateDiagram-v2 for a chart. Browser-safe.
import { nodeIndex, type Chart, type ChartNode } from "./model.ts";
import { edgeLabel, internalLines, withDescription } from "./presentation.ts";

/** Mermaid ids must be plain words; XState ids are dotted paths. */
function idMap(chart: Chart): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of chart.nodes) {
    const base = `s_${node.id.replace(/[^A-Za-z0-9_]/g, "_")}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Text Mermaid shows as is: its statement syntax uses ; # and braces, so those become entity codes. */
function text(s: string): string {
  return s.replace(/[#;{}"<>]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\s+/g, " ");
}

function stateName(node: ChartNode): string {
  if (node.kind === "history") return node.history === "deep" ? "H*" : "H";
  return node.key;
}

export function toMermaid(chart: Chart, source?: string): string {
  const nodes = nodeIndex(chart);
  const ids = idMap(chart);
  const id = (nodeId: string): string => ids.get(nodeId)!;
  const lines: string[] = ["stateDiagram-v2"];
  if (source) lines.push(`  %% Generated from ${source} by npm run diagrams; do not edit.`);

  // Edges go after every state, at the top level: Mermaid keeps nested states inside their
  // composite only when edges crossing its border are not declared inside another one.
  const edges: string[] = [];
  const finals: string[] = [];
  const histories: string[] = [];

  const emit = (node: ChartNode, indent: string): void => {
    const name = stateName(node);
    lines.push(`${indent}state "${text(name)}" as ${id(node.id)}`);
    const children = node.childIds.map((c) => nodes.get(c)!);
    const info = internalLines(chart, node);
    const composite = children.length > 0;
    if (composite) {
      lines.push(`${indent}state ${id(node.id)} {`);
      const inner = `${indent}  `;
      if (node.kind === "compound" && node.initialId) lines.push(`${inner}[*] --> ${id(node.initialId)}`);
      children.forEach((child, i) => {
        if (node.kind === "parallel" && i > 0) lines.push(`${inner}--`);
        emit(child, inner);
      });
      lines.push(`${indent}}`);
      if (info.length) {
        lines.push(`${indent}note right of ${id(node.id)}`);
        for (const line of info) lines.push(`${indent}  ${text(line)}`);
        lines.push(`${indent}end note`);
      }
    } else {
      for (const line of info) lines.push(`${indent}${id(node.id)} : ${text(line)}`);
    }
    if (node.kind === "final") {
      finals.push(id(node.id));
      lines.push(`${indent}${id(node.id)} --> [*]`);
    }
    if (node.kind === "history") {
      histories.push(id(node.id));
      for (const target of node.defaultIds ?? []) edges.push(`  ${id(node.id)} --> ${id(target)} : no history yet`);
    }
  };

  const root = nodes.get(chart.rootId)!;
  emit(root, "  ");
  for (const t of chart.transitions) {
    for (const target of t.targetIds) edges.push(`  ${id(t.sourceId)} --> ${id(target)} : ${text(withDescription(edgeLabel(chart, t), t))}`);
  }
  lines.push(...edges);
  lines.push("  classDef final stroke-width:3px");
  lines.push("  classDef history fill:#eef");
  if (finals.length) lines.push(`  class ${finals.join(",")} final`);
  if (histories.length) lines.push(`  class ${histories.join(",")} history`);
  return `${lines.join("\n")}\n`;
}
