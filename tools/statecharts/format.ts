// Names for the parts of a machine as a reviewer reads them. Browser-safe: no node imports.

const units = [
  { ms: 86_400_000, name: "d" },
  { ms: 3_600_000, name: "h" },
  { ms: 60_000, name: "min" },
] as const;

/**
 * A delay in the unit a person would say: 900000 → "15 min", 60000 → "60 s",
 * 604800000 → "7 d". A unit is used only for two or more of it, so one minute
 * reads "60 s" and one day "24 h", which is how such timers are usually specified.
 */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return `${ms} ms`;
  for (const unit of units) {
    if (ms % unit.ms === 0 && ms / unit.ms >= 2) return `${ms / unit.ms} ${unit.name}`;
  }
  if (ms >= 1000 && ms % 100 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

type Named = { type?: unknown; name?: unknown; params?: unknown };

/**
 * Static params as a reviewer reads them: `fail(login)`, `failedWith(emailNotVerified)`,
 * `pick(a: 1, b: 2)`. Params computed from the event (a function) say nothing until run time,
 * so only the name shows.
 */
function paramsText(params: unknown): string {
  if (params === undefined || typeof params === "function") return "";
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : stableJson(v));
  if (params === null || typeof params !== "object" || Array.isArray(params)) return `(${text(params)})`;
  const entries = Object.entries(params).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "";
  if (entries.length === 1) return `(${text(entries[0]![1])})`;
  return `(${entries.map(([k, v]) => `${k}: ${text(v)}`).join(", ")})`;
}

/** A parameterised action or guard (`{ type, params }`) by its name and static params. */
function named(value: object, fallback: string): string {
  const { type, params } = value as Named;
  return `${String(type ?? fallback)}${paramsText(params)}`;
}

/** A guard as written: its name, or the combinator around names (`and(a, not(b))`). */
export function guardName(guard: unknown): string {
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") {
    const fn = guard as ((...args: unknown[]) => unknown) & { check?: unknown; guards?: unknown[]; stateValue?: unknown };
    if (fn.check && Array.isArray(fn.guards)) return `${fn.name}(${fn.guards.map(guardName).join(", ")})`;
    if (fn.check && fn.stateValue !== undefined) {
      const value = typeof fn.stateValue === "string" ? fn.stateValue : stableJson(fn.stateValue);
      return `in(${value})`;
    }
    return fn.name && fn.name !== "anonymous" ? fn.name : "inline guard";
  }
  if (guard && typeof guard === "object") return named(guard, "guard");
  return String(guard);
}

/** An action as written; built-ins read as what they do (`raise x`, `assign`). */
/** The event an action raises or emits: its type, or "(dynamic)" when computed at run time. */
function eventTypeOf(event: unknown): string {
  if (typeof event === "function") return "(dynamic)";
  return (event as { type?: string } | undefined)?.type ?? "?";
}

export function actionName(action: unknown): string {
  if (typeof action === "string") return action;
  if (action && typeof action === "object") return named(action, "action");
  if (typeof action !== "function") return String(action);
  const fn = action as ((...args: unknown[]) => unknown) & Record<string, unknown>;
  switch (fn.type) {
    case "xstate.assign":
      return "assign";
    case "xstate.raise":
      return `raise ${eventTypeOf(fn.event)}`;
    case "xstate.sendTo":
      return `sendTo ${typeof fn.to === "string" ? fn.to : "(actor)"}`;
    case "xstate.sendParent":
      return "sendParent";
    case "xstate.emit":
      return `emit ${eventTypeOf(fn.event)}`;
    case "xstate.log":
      return "log";
    case "xstate.cancel":
      return `cancel ${typeof fn.sendId === "string" ? fn.sendId : "(dynamic)"}`;
    case "xstate.spawnChild":
      return `spawn ${typeof fn.src === "string" ? fn.src : "(inline)"}`;
    case "xstate.stopChild":
      return `stop ${typeof fn.actorRef === "string" ? fn.actorRef : "(actor)"}`;
    case "xstate.enqueueActions":
      return "enqueueActions";
    default:
      return fn.name && fn.name !== "anonymous" ? fn.name : "inline action";
  }
}

/** JSON with sorted keys and readable stand-ins for what JSON cannot hold (bigint, Error, functions). */
export function stableJson(value: unknown): string {
  const seen = new WeakSet<object>();
  const normalise = (v: unknown): unknown => {
    if (typeof v === "bigint") return `${v}n`;
    if (typeof v === "function") return `[function ${v.name || "anonymous"}]`;
    if (typeof v === "undefined") return undefined;
    if (typeof v === "number" && !Number.isFinite(v)) return String(v);
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v)) return "[circular]";
    seen.add(v);
    try {
      if (v instanceof Error) return { error: v.name, message: v.message };
      if (v instanceof Date) return v.toISOString();
      if (v instanceof Map) return { map: [...v.entries()].map(([k, x]) => [normalise(k), normalise(x)]) };
      if (v instanceof Set) return { set: [...v].map(normalise) };
      if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : normalise(x)));
      const ref = v as { xstate$$type?: unknown; id?: unknown };
      if (ref.xstate$$type === 1) return `[actor ${String(ref.id)}]`;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) {
        const x = normalise((v as Record<string, unknown>)[key]);
        if (x !== undefined) out[key] = x;
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  const result = JSON.stringify(normalise(value));
  return result === undefined ? "undefined" : result;
}
