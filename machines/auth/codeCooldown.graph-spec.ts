// Samples the statechart tools drive the codeCooldown machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { CodeCooldownEvent } from "./codeCooldown.machine.ts";

export const codeCooldownGraphSpec: MachineGraphSpec<undefined, CodeCooldownEvent> = {
  events: [
    { type: "cooldown.start", seconds: 2 },
    { type: "cooldown.start", seconds: 0 },
  ],
};
