// Statechart SVGs with no browser and no service: ELK lays the chart out
// (nested and parallel states, edges across levels, labels), then a string
// builder draws it. Same chart, same bytes. Browser-safe, so the app's viewer
// can draw live diagrams: lay out once with `layoutChart`, then call
// `renderSvg(layout, { activeStateIds })` on every snapshot.
import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api";
import type { AnyStateMachine } from "xstate";
import { chartOf, nodeIndex, type Chart, type ChartNode, type ChartTransition, type TransitionKind } from "./model.ts";
import { edgeLabel, lowestCommonAncestor } from "./presentation.ts";
import { textWidth, wrap } from "./text-width.ts";

export interface LaidOutLine {
  text: string;
  kind: "description" | "detail";
}

export interface LaidOutState {
  id: string;
  kind: ChartNode["kind"];
  title: string;
  lines: LaidOutLine[];
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutEdge {
  /** The transition drawn, absent for initial and history-default arrows. */
  transitionId?: string;
  kind: TransitionKind | "initial" | "history-default";
  sourceId: string;
  targetId: string;
  points: { x: number; y: number }[];
  label?: { lines: LaidOutLine[]; x: number; y: number; width: number; height: number };
}

export interface ChartLayout {
  machineId: string;
  width: number;
  height: number;
  /** Parents before children. */
  states: LaidOutState[];
  initials: { id: string; parentId: string; x: number; y: number }[];
  edges: LaidOutEdge[];
}

export interface SvgOptions {
  /** State node ids to highlight (e.g. from the running actor's snapshot). */
  activeStateIds?: Iterable<string>;
  /** Transition ids to highlight (e.g. the last ones taken). */
  activeTransitionIds?: Iterable<string>;
}

const TITLE = 13;
const LINE = 11;
const LINE_H = 14;
const PAD = 10;
const TITLE_H = 24;
const INFO_WIDTH = 260;
const LABEL_WIDTH = 220;
const LABEL_LINE_H = 13;
const INITIAL = 12;
const HISTORY = 28;

const round = (n: number): number => Math.round(n * 10) / 10;
const num = (n: number): string => String(round(n));

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function stateLines(chart: Chart, node: ChartNode): LaidOutLine[] {
  const lines: LaidOutLine[] = [];
  if (node.description) for (const text of wrap(node.description, LINE, INFO_WIDTH)) lines.push({ text, kind: "description" });
  const details: string[] = [];
  if (node.entry.length) details.push(`entry / ${node.entry.join(", ")}`);
  if (node.exit.length) details.push(`exit / ${node.exit.join(", ")}`);
  for (const invoke of node.invokes) details.push(invoke.id === invoke.src ? `invoke ${invoke.id}` : `invoke ${invoke.id} (${invoke.src})`);
  if (node.tags.length) details.push(`tags: ${node.tags.join(", ")}`);
  for (const detail of details) for (const text of wrap(detail, LINE, INFO_WIDTH)) lines.push({ text, kind: "detail" });
  for (const t of chart.transitions) {
    if (t.sourceId !== node.id || t.targetIds.length) continue;
    for (const text of wrap(edgeLabel(chart, t), LINE, INFO_WIDTH)) lines.push({ text, kind: "detail" });
    if (t.description) for (const text of wrap(t.description, LINE, INFO_WIDTH)) lines.push({ text, kind: "description" });
  }
  return lines;
}

function title(chart: Chart, node: ChartNode): string {
  if (node.kind === "history") return node.history === "deep" ? "H*" : "H";
  return node.id === chart.rootId ? chart.id : node.key;
}

function labelLines(chart: Chart, t: ChartTransition): LaidOutLine[] {
  const full = edgeLabel(chart, t);
  const slash = full.indexOf(" / ");
  const head = slash === -1 ? full : full.slice(0, slash);
  const lines: LaidOutLine[] = wrap(head, LINE, LABEL_WIDTH).map((text) => ({ text, kind: "detail" }));
  if (slash !== -1) lines.push(...wrap(full.slice(slash + 1), LINE, LABEL_WIDTH).map((text) => ({ text, kind: "detail" as const })));
  if (t.description) lines.push(...wrap(t.description, LINE, LABEL_WIDTH).map((text) => ({ text, kind: "description" as const })));
  return lines;
}

function headerHeight(lines: LaidOutLine[]): number {
  return TITLE_H + (lines.length ? lines.length * LINE_H + 4 : 0);
}

const layoutOptions: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.direction": "DOWN",
  "elk.hierarchyHandling": "INCLUDE_CHILDREN",
  "elk.edgeRouting": "ORTHOGONAL",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  "elk.layered.spacing.nodeNodeBetweenLayers": "44",
  "elk.spacing.nodeNode": "36",
  "elk.spacing.edgeNode": "16",
  "elk.spacing.edgeEdge": "12",
  "elk.spacing.edgeLabel": "4",
  "elk.layered.spacing.edgeNodeBetweenLayers": "20",
  "elk.layered.spacing.edgeEdgeBetweenLayers": "12",
  "elk.edgeLabels.placement": "CENTER",
};

/** Lays a chart (or machine) out; the result is plain data, cheap to re-render with other highlights. */
export async function layoutChart(input: Chart | AnyStateMachine): Promise<ChartLayout> {
  const chart = "transitions" in input && "nodes" in input ? (input as Chart) : chartOf(input as AnyStateMachine);
  const nodes = nodeIndex(chart);
  const info = new Map<string, { title: string; lines: LaidOutLine[] }>();
  const elkNodes = new Map<string, ElkNode>();
  const edgeMeta = new Map<string, Omit<LaidOutEdge, "points" | "label"> & { lines?: LaidOutLine[] }>();

  const build = (node: ChartNode): ElkNode => {
    const lines = node.kind === "history" ? [] : stateLines(chart, node);
    const name = title(chart, node);
    info.set(node.id, { title: name, lines });
    const textW = Math.max(textWidth(name, TITLE, true), ...lines.map((l) => textWidth(l.text, LINE)));
    const elkNode: ElkNode = { id: node.id };
    elkNodes.set(node.id, elkNode);
    if (node.kind === "history") {
      elkNode.width = HISTORY;
      elkNode.height = HISTORY;
    } else if (!node.childIds.length) {
      elkNode.width = Math.ceil(Math.max(72, textW + 2 * PAD));
      elkNode.height = Math.ceil(Math.max(36, headerHeight(lines) + 8));
    } else {
      const top = headerHeight(lines) + 10;
      elkNode.layoutOptions = {
        "elk.padding": `[top=${top},left=16,bottom=16,right=16]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${Math.ceil(textW + 2 * PAD)}, ${top + 20})`,
      };
      elkNode.children = [];
      if (node.kind === "compound" && node.initialId) {
        const id = `${node.id}#initial`;
        elkNode.children.push({ id, width: INITIAL, height: INITIAL });
        edgeMeta.set(`${id}>`, { kind: "initial", sourceId: id, targetId: node.initialId });
        elkNode.edges = [{ id: `${id}>`, sources: [id], targets: [node.initialId] }];
      }
      for (const childId of node.childIds) elkNode.children.push(build(nodes.get(childId)!));
    }
    return elkNode;
  };
  const root = build(nodes.get(chart.rootId)!);
  const labels = new Map<string, LaidOutLine[]>();
  // Lay the machine out inside an outer graph so the machine itself is a box with its own title.
  const graph: ElkNode = { id: "#graph", layoutOptions, children: [root], edges: [] };

  const addEdge = (id: string, source: string, target: string, scopeIds: string[], lines?: LaidOutLine[]): void => {
    const scope = elkNodes.get(lowestCommonAncestor(nodes, scopeIds))!;
    const edge: ElkExtendedEdge = { id, sources: [source], targets: [target] };
    if (lines?.length) {
      labels.set(id, lines);
      const width = Math.ceil(Math.max(...lines.map((l) => textWidth(l.text, LINE))) + 8);
      edge.labels = [{ id: `${id}#label`, text: lines.map((l) => l.text).join("\n"), width, height: lines.length * LABEL_LINE_H + 4 }];
    }
    (scope.edges ??= []).push(edge);
  };
  for (const node of chart.nodes) {
    if (node.kind !== "history") continue;
    for (const target of node.defaultIds ?? []) {
      const id = `${node.id}>${target}`;
      edgeMeta.set(id, { kind: "history-default", sourceId: node.id, targetId: target });
      addEdge(id, node.id, target, [node.id, target], [{ text: "no history yet", kind: "description" }]);
    }
  }
  for (const t of chart.transitions) {
    t.targetIds.forEach((target, i) => {
      const id = `${t.id}>${target}`;
      const lines = i === 0 ? labelLines(chart, t) : [];
      edgeMeta.set(id, { transitionId: t.id, kind: t.kind, sourceId: t.sourceId, targetId: target });
      addEdge(id, t.sourceId, target, [t.sourceId, target], lines);
    });
  }

  let laid: ElkNode;
  try {
    laid = await new ELK().layout(graph);
  } catch {
    // ELK's model-order heuristics can fail on some nestings; the plain layered layout always works.
    const { "elk.layered.considerModelOrder.strategy": _, ...plain } = layoutOptions;
    laid = await new ELK().layout({ ...graph, layoutOptions: plain });
  }

  const states: LaidOutState[] = [];
  const initials: ChartLayout["initials"] = [];
  const origin = new Map<string, { x: number; y: number }>([["#graph", { x: 0, y: 0 }]]);
  const edges: LaidOutEdge[] = [];
  const walk = (n: ElkNode, parentX: number, parentY: number, parentId: string | null): void => {
    const x = parentX + (n.x ?? 0);
    const y = parentY + (n.y ?? 0);
    origin.set(n.id, { x, y });
    if (n.id.endsWith("#initial")) initials.push({ id: n.id, parentId: parentId!, x: round(x + INITIAL / 2), y: round(y + INITIAL / 2) });
    else if (n.id !== "#graph") {
      const node = nodes.get(n.id)!;
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      const { title: name, lines } = info.get(n.id)!;
      states.push({
        id: n.id,
        kind: node.kind,
        title: name,
        lines,
        region: parent?.kind === "parallel",
        x: round(x),
        y: round(y),
        width: round(n.width ?? 0),
        height: round(n.height ?? 0),
      });
    }
    for (const child of n.children ?? []) walk(child, x, y, n.id === "#graph" ? null : n.id);
  };
  walk(laid, 0, 0, null);
  const collectEdges = (n: ElkNode): void => {
    for (const e of (n.edges ?? []) as ElkExtendedEdge[]) {
      const at = origin.get((e as { container?: string }).container ?? n.id) ?? origin.get(n.id)!;
      const meta = edgeMeta.get(e.id)!;
      const points: { x: number; y: number }[] = [];
      for (const s of e.sections ?? []) {
        for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) points.push({ x: round(at.x + p.x), y: round(at.y + p.y) });
      }
      const out: LaidOutEdge = { kind: meta.kind, sourceId: meta.sourceId, targetId: meta.targetId, points };
      if (meta.transitionId) out.transitionId = meta.transitionId;
      const label = e.labels?.[0];
      if (label?.text) {
        out.label = {
          lines: labels.get(e.id) ?? [],
          x: round(at.x + (label.x ?? 0)),
          y: round(at.y + (label.y ?? 0)),
          width: round(label.width ?? 0),
          height: round(label.height ?? 0),
        };
      }
      edges.push(out);
    }
    for (const child of n.children ?? []) collectEdges(child);
  };
  collectEdges(laid);
  return { machineId: chart.id, width: round(laid.width ?? 0), height: round(laid.height ?? 0), states, initials, edges };
}

const style = `
.sc-state>rect{fill:#fff;stroke:#475569;stroke-width:1.2}
.sc-compound>rect,.sc-parallel>rect{fill:#f8fafc}
.sc-region>rect{fill:none;stroke-dasharray:6 4;stroke:#94a3b8}
.sc-final>rect.sc-inner{fill:none}
.sc-history>circle{fill:#eef2ff;stroke:#475569;stroke-width:1.2}
.sc-active>rect,.sc-active>circle{fill:#fef3c7;stroke:#d97706;stroke-width:2.5}
.sc-compound.sc-active>rect,.sc-parallel.sc-active>rect{fill:#fffbeb}
.sc-title{font-size:${TITLE}px;font-weight:700;fill:#0f172a}
.sc-line{font-size:${LINE}px;fill:#334155}
.sc-desc{font-style:italic;fill:#64748b}
.sc-initial{fill:#0f172a}
.sc-edge>path{fill:none;stroke:#64748b;stroke-width:1.3}
.sc-edge.sc-error\\.actor>path{stroke:#b91c1c}
.sc-edge.sc-done\\.actor>path,.sc-edge.sc-done\\.state>path{stroke:#15803d}
.sc-edge.sc-after>path{stroke:#7c3aed}
.sc-edge.sc-always>path,.sc-edge.sc-history-default>path{stroke-dasharray:4 3}
.sc-edge.sc-taken>path{stroke:#d97706;stroke-width:2.5}
.sc-label>rect{fill:#fff;opacity:.9}
.sc-label>text{font-size:${LINE}px;fill:#1e293b}
.sc-label>text.sc-desc{fill:#64748b}
.sc-edge.sc-error\\.actor .sc-label>text{fill:#991b1b}
.sc-edge.sc-done\\.actor .sc-label>text{fill:#166534}
.sc-edge.sc-after .sc-label>text{fill:#5b21b6}
`.trim();

/** Draws a laid-out chart. Pure string building: same layout and options, same bytes. */
export function renderSvg(layout: ChartLayout, options: SvgOptions = {}): string {
  const active = new Set(options.activeStateIds ?? []);
  const taken = new Set(options.activeTransitionIds ?? []);
  const marker = `sc-arrow-${layout.machineId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const w = num(layout.width);
  const h = num(layout.height);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="Helvetica, Arial, sans-serif" class="statechart" data-machine="${esc(layout.machineId)}">`,
    `<style>${style}</style>`,
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="context-stroke"/></marker></defs>`,
  ];
  for (const s of layout.states) {
    const classes = ["sc-state", `sc-${s.kind}`];
    if (s.region) classes.push("sc-region");
    if (active.has(s.id)) classes.push("sc-active");
    out.push(`<g class="${classes.join(" ")}" data-state-id="${esc(s.id)}"><title>${esc(s.id)}</title>`);
    if (s.kind === "history") {
      const r = s.width / 2;
      out.push(`<circle cx="${num(s.x + r)}" cy="${num(s.y + r)}" r="${num(r)}"/>`);
      out.push(`<text class="sc-title" x="${num(s.x + r)}" y="${num(s.y + r + 4.5)}" text-anchor="middle">${esc(s.title)}</text></g>`);
      continue;
    }
    out.push(`<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.width)}" height="${num(s.height)}" rx="8"/>`);
    if (s.kind === "final")
      out.push(`<rect class="sc-inner" x="${num(s.x + 3)}" y="${num(s.y + 3)}" width="${num(s.width - 6)}" height="${num(s.height - 6)}" rx="6"/>`);
    out.push(`<text class="sc-title" x="${num(s.x + PAD)}" y="${num(s.y + 17)}">${esc(s.title)}</text>`);
    s.lines.forEach((line, i) => {
      const cls = line.kind === "description" ? "sc-line sc-desc" : "sc-line";
      out.push(`<text class="${cls}" x="${num(s.x + PAD)}" y="${num(s.y + TITLE_H + 9 + i * LINE_H)}">${esc(line.text)}</text>`);
    });
    out.push("</g>");
  }
  for (const i of layout.initials) out.push(`<circle class="sc-initial" cx="${num(i.x)}" cy="${num(i.y)}" r="${INITIAL / 2}"/>`);
  for (const e of layout.edges) {
    const classes = ["sc-edge", `sc-${e.kind}`];
    if (e.transitionId && taken.has(e.transitionId)) classes.push("sc-taken");
    const d = e.points.map((p, i) => `${i ? "L" : "M"}${num(p.x)},${num(p.y)}`).join("");
    const id = e.transitionId ? ` data-transition-id="${esc(e.transitionId)}"` : "";
    out.push(`<g class="${classes.join(" ")}"${id}><path d="${d}" marker-end="url(#${marker})"/>`);
    if (e.label) {
      const l = e.label;
      out.push(`<g class="sc-label"><rect x="${num(l.x)}" y="${num(l.y)}" width="${num(l.width)}" height="${num(l.height)}" rx="3"/>`);
      l.lines.forEach((line, i) => {
        const cls = line.kind === "description" ? ` class="sc-desc"` : "";
        out.push(`<text${cls} x="${num(l.x + 4)}" y="${num(l.y + 12 + i * LABEL_LINE_H)}">${esc(line.text)}</text>`);
      });
      out.push("</g>");
    }
    out.push("</g>");
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/** Lays out and draws a machine in one call; for repeated highlighting keep the layout and call `renderSvg`. */
export async function toSvg(machine: AnyStateMachine | Chart, options: SvgOptions = {}): Promise<string> {
  return renderSvg(await layoutChart(machine), options);
}
