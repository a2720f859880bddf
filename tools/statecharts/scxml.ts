// W3C SCXML for a chart. Event names are XState's own (xstate.done.actor.<id>,
// xstate.after.<delay>.<state>), so the document names exactly what the machine
// receives; an `after` is the SCXML idiom of a delayed <send> on entry and a
// <cancel> on exit. Named actions, guards and descriptions that SCXML has no
// element for are kept in an `xstate:` namespace. Browser-safe.
import { humanDuration } from "./format.ts";
import { nodeIndex, type Chart, type ChartNode, type ChartTransition } from "./model.ts";

const xstateNs = "https://stately.ai/xstate/scxml";

function attr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function textContent(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function isDescendant(nodes: Map<string, ChartNode>, id: string, ancestorId: string): boolean {
  for (let n = nodes.get(id); n?.parentId; n = nodes.get(n.parentId)) if (n.parentId === ancestorId) return true;
  return false;
}

export function toScxml(chart: Chart, source?: string): string {
  const nodes = nodeIndex(chart);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (source) out.push(`<!-- Generated from ${textContent(source)} by npm run diagrams; do not edit. -->`);
  const root = nodes.get(chart.rootId)!;
  // The machine itself is the outermost <state>, so its own transitions, actions and description have a home.
  out.push(`<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:xstate="${xstateNs}" version="1.0" name="${attr(chart.id)}" initial="${attr(root.id)}">`);

  const actions = (names: string[], indent: string): string[] => names.map((a) => `${indent}<xstate:action name="${attr(a)}"/>`);

  const transition = (t: ChartTransition, indent: string): string[] => {
    const attrs: string[] = [];
    if (t.eventType !== "") attrs.push(`event="${attr(t.eventType)}"`);
    if (t.guard !== undefined) attrs.push(`cond="${attr(t.guard)}"`);
    if (t.targetIds.length) attrs.push(`target="${attr(t.targetIds.join(" "))}"`);
    if (t.targetIds.length && !t.reenter && t.targetIds.every((id) => isDescendant(nodes, id, t.sourceId))) attrs.push(`type="internal"`);
    const body = [
      ...(t.description ? [`${indent}  <xstate:description>${textContent(t.description)}</xstate:description>`] : []),
      ...actions(t.actions, `${indent}  `),
    ];
    if (!body.length) return [`${indent}<transition ${attrs.join(" ")}/>`];
    return [`${indent}<transition ${attrs.join(" ")}>`, ...body, `${indent}</transition>`];
  };

  const emit = (node: ChartNode, indent: string): void => {
    const children = node.childIds.map((id) => nodes.get(id)!);
    const own = chart.transitions.filter((t) => t.sourceId === node.id);
    const delayed = own.filter((t) => t.kind === "after");
    const inner = `${indent}  `;
    const body: string[] = [];
    if (node.description) body.push(`${inner}<xstate:description>${textContent(node.description)}</xstate:description>`);
    const afterEvents = [...new Set(delayed.map((t) => t.eventType))];
    if (node.entry.length || afterEvents.length) {
      body.push(`${inner}<onentry>`, ...actions(node.entry, `${inner}  `));
      for (const event of afterEvents) {
        const t = delayed.find((d) => d.eventType === event)!;
        const delay = t.delay?.ms !== undefined ? `${t.delay.ms}ms` : "0ms";
        const comment = t.delay?.name
          ? ` <!-- ${textContent(t.delay.name)}${t.delay.ms !== undefined ? `: ${humanDuration(t.delay.ms)}` : " (computed at run time)"} -->`
          : "";
        body.push(`${inner}  <send event="${attr(event)}" id="${attr(event)}" delay="${delay}"/>${comment}`);
      }
      body.push(`${inner}</onentry>`);
    }
    if (node.exit.length || afterEvents.length) {
      body.push(`${inner}<onexit>`, ...actions(node.exit, `${inner}  `));
      for (const event of afterEvents) body.push(`${inner}  <cancel sendid="${attr(event)}"/>`);
      body.push(`${inner}</onexit>`);
    }
    for (const invoke of node.invokes) body.push(`${inner}<invoke id="${attr(invoke.id)}" type="xstate" src="${attr(invoke.src)}"/>`);
    for (const t of own) body.push(...transition(t, inner));
    if (node.kind === "history") {
      for (const target of node.defaultIds ?? []) body.push(`${inner}<transition target="${attr(target)}"/>`);
    }
    const emitChildren = (): void => {
      for (const child of children) emit(child, inner);
    };
    const tag = node.kind === "parallel" ? "parallel" : node.kind === "final" ? "final" : node.kind === "history" ? "history" : "state";
    const attrs = [`id="${attr(node.id)}"`];
    if (node.kind === "compound" && node.initialId) attrs.push(`initial="${attr(node.initialId)}"`);
    if (node.kind === "history") attrs.push(`type="${node.history ?? "shallow"}"`);
    if (!body.length && !children.length) {
      out.push(`${indent}<${tag} ${attrs.join(" ")}/>`);
      return;
    }
    out.push(`${indent}<${tag} ${attrs.join(" ")}>`, ...body);
    emitChildren();
    out.push(`${indent}</${tag}>`);
  };
  emit(root, "  ");
  out.push("</scxml>");
  return `${out.join("\n")}\n`;
}
