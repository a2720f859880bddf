// The app's machines, discovered once per test file: every machine in machines/ is tested with no wiring.
import { discoverMachines } from "../../tools/statecharts/discover.ts";

export const machines = await discoverMachines();
