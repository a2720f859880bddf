// @vitest-environment jsdom
// jsdom for its XML parser: the SCXML and SVG must be well-formed XML.
import { describe, expect, it } from "vitest";
import { toDirectedGraph } from "xstate/graph";
import { humanDuration } from "../../tools/statecharts/format.ts";
import { toMermaid } from "../../tools/statecharts/mermaid.ts";
import { chartOf } from "../../tools/statecharts/model.ts";
import { toScxml } from "../../tools/statecharts/scxml.ts";
import { layoutChart, renderSvg, toSvg } from "../../tools/statecharts/svg.ts";
import { kitchenMachine } from "./fixtures/kitchen.machine.ts";

const chart = chartOf(kitchenMachine);
const xml = (text: string): Document => {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror").length).toBe(0);
  return doc;
};

describe("humanDuration", () => {
  it.each([
    [900_000, "15 min"],
    [60_000, "60 s"],
    [604_800_000, "7 d"],
    [86_400_000, "24 h"],
    [7_200_000, "2 h"],
    [15_000, "15 s"],
    [1_500, "1.5 s"],
    [250, "250 ms"],
    [0, "0 ms"],
  ])("%i ms reads %s", (ms, text) => expect(humanDuration(ms)).toBe(text));
});

describe("the chart model", () => {
  it("reads every kind of state", () => {
    const kinds = Object.fromEntries(chart.nodes.map((n) => [n.id.replace("kitchen.", ""), n.kind]));
    expect(kinds).toMatchObject({
      editing: "compound",
      "editing.hist": "history",
      checking: "atomic",
      "fulfilment.tracking": "parallel",
      "fulfilment.deepHist": "history",
      done: "final",
    });
    expect(chart.nodes.find((n) => n.key === "deepHist")?.history).toBe("deep");
    expect(chart.nodes.find((n) => n.key === "hist")?.defaultIds).toEqual(["kitchen.editing.form"]);
  });

  it("names guards (combined ones too), delays in human units, invoke outcomes, and the else branch", () => {
    const labels = chart.transitions.map((t) => `${t.trigger}${t.guard ? ` [${t.guard}]` : ""}`);
    expect(labels).toContain("always [and(isLarge, not(isTrusted))]");
    expect(labels).toContain("after 15 min (sessionTimeout)");
    expect(labels).toContain("after 60 s (pollInterval)");
    expect(labels).toContain("after 7 d (approvalExpiry)");
    expect(labels).toContain("done: placeOrder");
    expect(labels).toContain("error: placeOrder [canRetry]");
    expect(labels).toContain("onDone");
  });

  it("keeps entry/exit actions as written, without XState's internal timer actions", () => {
    const editing = chart.nodes.find((n) => n.id === "kitchen.editing")!;
    expect(editing.entry).toEqual(["trackEntry"]);
    expect(editing.exit).toEqual(["trackExit"]);
  });

  it("has xstate/graph's edges, plus the `always` ones toDirectedGraph leaves out", () => {
    const edges: string[] = [];
    const walk = (node: ReturnType<typeof toDirectedGraph>): void => {
      for (const e of node.edges) edges.push(`${e.source.id}>${e.target.id}`);
      node.children.forEach(walk);
    };
    walk(toDirectedGraph(kitchenMachine));
    // toDirectedGraph draws a targetless transition as a self-edge; the chart keeps it inside the state.
    const ours = chart.transitions
      .filter((t) => t.kind !== "always")
      .flatMap((t) => (t.targetIds.length ? t.targetIds : [t.sourceId]).map((target) => `${t.sourceId}>${target}`));
    expect(ours.sort()).toEqual(edges.sort());
    expect(chart.transitions.filter((t) => t.kind === "always").map((t) => t.targetIds)).toEqual([["kitchen.approval"], ["kitchen.submitting"]]);
  });
});

describe("Mermaid", () => {
  const mmd = toMermaid(chart, "tests/statecharts/fixtures/kitchen.machine.ts");
  it("draws nesting, parallel regions, history, finals, initial states", () => {
    expect(mmd).toMatch(/^stateDiagram-v2\n/);
    expect(mmd).toContain("state s_kitchen_fulfilment_tracking {");
    expect(mmd).toMatch(/\n\s+--\n\s+state "payment"/);
    expect(mmd).toContain('state "H*" as s_kitchen_fulfilment_deepHist');
    expect(mmd).toContain("s_kitchen_done --> [*]");
    expect(mmd).toContain("[*] --> s_kitchen_editing_form");
  });
  it("labels edges with event, guard and actions, and lists what happens inside a state", () => {
    expect(mmd).toContain("s_kitchen_submitting --> s_kitchen_fulfilment : done: placeOrder / rememberOrder");
    expect(mmd).toContain("s_kitchen_submitting --> s_kitchen_failed : error: placeOrder [else]");
    expect(mmd).toContain("s_kitchen_editing --> s_kitchen_expired : after 15 min (sessionTimeout)");
    expect(mmd).toContain("s_kitchen_submitting : invoke placeOrder");
    expect(mmd).toContain("entry / trackEntry");
    expect(mmd).toContain("order.edit [isPositiveEdit] / setAmount");
  });
});

describe("SCXML", () => {
  const doc = xml(toScxml(chart));
  it("is well-formed W3C SCXML with parallel, history, final and invoke elements", () => {
    expect(doc.documentElement.namespaceURI).toBe("http://www.w3.org/2005/07/scxml");
    expect(doc.querySelector('parallel[id="kitchen.fulfilment.tracking"]')).not.toBeNull();
    expect(doc.querySelector('history[id="kitchen.fulfilment.deepHist"]')?.getAttribute("type")).toBe("deep");
    expect(doc.querySelectorAll("final").length).toBe(6);
    expect(doc.querySelector('invoke[id="placeOrder"]')?.getAttribute("src")).toBe("placeOrder");
  });
  it("turns `after` into a delayed send on entry, cancelled on exit", () => {
    const editing = doc.querySelector('state[id="kitchen.editing"]')!;
    const send = editing.querySelector(":scope > onentry > send")!;
    expect(send.getAttribute("delay")).toBe("900000ms");
    expect(editing.querySelector(`:scope > onexit > cancel[sendid="${send.getAttribute("id")}"]`)).not.toBeNull();
  });
  it("keeps guards as cond and every transition in order", () => {
    const transitions = [...doc.querySelectorAll('state[id="kitchen.submitting"] > transition')];
    expect(transitions.map((t) => [t.getAttribute("event"), t.getAttribute("cond"), t.getAttribute("target")])).toEqual([
      ["xstate.done.actor.placeOrder", null, "kitchen.fulfilment"],
      ["xstate.error.actor.placeOrder", "canRetry", "kitchen.submitting"],
      ["xstate.error.actor.placeOrder", null, "kitchen.failed"],
    ]);
  });
});

describe("SVG", () => {
  it("is deterministic and well-formed, with every state drawn", async () => {
    const a = await toSvg(kitchenMachine);
    const b = await toSvg(chartOf(kitchenMachine));
    expect(a).toBe(b);
    const doc = xml(a);
    const drawn = [...doc.querySelectorAll("[data-state-id]")].map((g) => g.getAttribute("data-state-id"));
    expect(drawn.sort()).toEqual(chart.nodes.map((n) => n.id).sort());
    expect(doc.querySelectorAll("[data-transition-id]").length).toBe(chart.transitions.filter((t) => t.targetIds.length).length);
  });

  it("highlights the active states and taken transitions, and nothing else", async () => {
    const layout = await layoutChart(chart);
    const active = ["kitchen.fulfilment", "kitchen.fulfilment.tracking.shipment.shipped"];
    const doc = xml(renderSvg(layout, { activeStateIds: active, activeTransitionIds: ["kitchen.submitting xstate.done.actor.placeOrder#0"] }));
    expect([...doc.querySelectorAll(".sc-active")].map((g) => g.getAttribute("data-state-id"))).toEqual(active);
    expect(doc.querySelectorAll(".sc-taken").length).toBe(1);
    expect(renderSvg(layout)).not.toMatch(/class="[^"]*sc-active/);
  });

  it("keeps every state inside its parent", async () => {
    const layout = await layoutChart(chart);
    const byId = new Map(layout.states.map((s) => [s.id, s]));
    for (const node of chart.nodes) {
      if (!node.parentId) continue;
      const s = byId.get(node.id)!;
      const p = byId.get(node.parentId)!;
      expect(s.x >= p.x && s.y >= p.y && s.x + s.width <= p.x + p.width && s.y + s.height <= p.y + p.height, node.id).toBe(true);
    }
  });
});
