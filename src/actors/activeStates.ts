import type { StateValue } from "xstate";

/** The ids of every active state node (ancestors included) for a machine id and snapshot value. */
export function activeStateIds(machineId: string, value: StateValue): string[] {
  const ids = [machineId];
  const walk = (prefix: string, current: StateValue) => {
    if (typeof current === "string") {
      ids.push(`${prefix}.${current}`);
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      ids.push(`${prefix}.${key}`);
      if (child !== undefined) walk(`${prefix}.${key}`, child);
    }
  };
  walk(machineId, value);
  return ids;
}
