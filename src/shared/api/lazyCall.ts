import type { Call } from "./call.ts";
import type { ApiClientOptions } from "./client.ts";

/**
 * The typed call over the real API client. Its code (ofetch, and the contract's route table with
 * zod) loads with the first call, never before first paint.
 */
export function lazyCall(options: ApiClientOptions): Call {
  let loaded: Promise<Call> | null = null;
  const load = () => (loaded ??= import("./typedCall.ts").then((module) => module.typedCall(options)));
  return async (route, ...body) => (await load())(route, ...body);
}
