// npm run bench:paths: how long path generation (exploration + transition cover)
// takes per machine and for all machines, median of several runs after a warm-up.
import { pathSetOf } from "../tools/statecharts/artifacts.ts";
import { discoverMachines } from "../tools/statecharts/discover.ts";
import { runPaths } from "../tools/statecharts/runner.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const machines = await discoverMachines();
for (const m of machines) pathSetOf(m);

let total = 0;
let totalRun = 0;
console.log(`path generation, median of ${runs} runs (node ${process.version})`);
for (const m of machines) {
  const generate: number[] = [];
  const run: number[] = [];
  let set = pathSetOf(m);
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    set = pathSetOf(m);
    generate.push(performance.now() - t);
    t = performance.now();
    runPaths(m.machine, set.paths);
    run.push(performance.now() - t);
  }
  total += median(generate);
  totalRun += median(run);
  const steps = set.paths.reduce((n, p) => n + p.steps.length, 0);
  console.log(
    `${m.name.padEnd(20)} generate ${median(generate).toFixed(1).padStart(8)} ms   run ${median(run).toFixed(1).padStart(7)} ms   ${set.exploration.vertices} snapshots, ${set.exploration.edges} edges, ${set.paths.length} paths, ${steps} steps`,
  );
}
console.log(`${"all machines".padEnd(20)} generate ${total.toFixed(1).padStart(8)} ms   run ${totalRun.toFixed(1).padStart(7)} ms   (${machines.length} machines)`);
