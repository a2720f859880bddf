// What the app may import in the browser (the live statechart viewer): no node
// built-ins anywhere below this module, which a test enforces.
//
//   const layout = await layoutChart(machine);            // once per machine
//   svg.innerHTML = renderSvg(layout, {                   // on every snapshot
//     activeStateIds: activeIdsOf(machine, snapshot.value),
//   });
export { chartOf, activeIdsOf, relativeId, transitionId, type Chart, type ChartNode, type ChartTransition } from "./model.ts";
export { layoutChart, renderSvg, toSvg, type ChartLayout, type SvgOptions } from "./svg.ts";
export { toMermaid } from "./mermaid.ts";
export { toScxml } from "./scxml.ts";
export { humanDuration } from "./format.ts";
export { installUiPathsHook, type UiPathsHook } from "./ui-page.ts";
