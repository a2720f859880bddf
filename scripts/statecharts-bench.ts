// npm run bench:paths: how long path generation (exploration + transition cover)
// takes per machine and for all machines: the first (cold) run, then the median of
// several warm runs, plus the time to run the generated paths. The test fixtures
// are measured too, for scale.
import { join } from "node:path";
import { pathSetOf } from "../tools/statecharts/artifacts.ts";
import { discoverMachines, repoRoot, type DiscoveredMachine } from "../tools/statecharts/discover.ts";
import { runPaths } from "../tools/statecharts/runner.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number): string => `${n.toFixed(1).padStart(8)} ms`;

function bench(title: string, machines: DiscoveredMachine[]): void {
  console.log(`\n${title}`);
  let cold = 0;
  let warm = 0;
  let run = 0;
  for (const m of machines) {
    let t = performance.now();
    let set = pathSetOf(m);
    const first = performance.now() - t;
    const generate: number[] = [];
    const replay: number[] = [];
    for (let i = 0; i < runs; i++) {
      t = performance.now();
      set = pathSetOf(m);
      generate.push(performance.now() - t);
      t = performance.now();
      runPaths(m.machine, set.paths);
      replay.push(performance.now() - t);
    }
    cold += first;
    warm += median(generate);
    run += median(replay);
    const steps = set.paths.reduce((n, p) => n + p.steps.length, 0);
    console.log(
      `  ${m.name.padEnd(18)} first ${ms(first)}  warm ${ms(median(generate))}  run paths ${ms(median(replay))}   ${set.exploration.vertices} snapshots, ${set.exploration.edges} edges, ${set.paths.length} paths, ${steps} steps`,
    );
  }
  console.log(`  ${"total".padEnd(18)} first ${ms(cold)}  warm ${ms(warm)}  run paths ${ms(run)}   (${machines.length} machines)`);
}

console.log(`path generation (node ${process.version}; warm = median of ${runs} runs)`);
bench("machines/", await discoverMachines());
bench("tests/statecharts/fixtures/ (for scale)", await discoverMachines(join(repoRoot, "tests/statecharts/fixtures")));
