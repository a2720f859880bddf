import type { Call } from "./call.ts";
import type { ApiClientOptions } from "./client.ts";

/**
 * The typed call over the real API client. Its code (ofetch, and the contract's route table with
 * zod) loads with the first call, never before first paint.
 */
export function lazyCall(options: ApiClientOptions): Call {
  let loaded: Promise<Call> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import("./client.ts"), import("./call.ts")]).then(([{ createApiClient }, { createCall }]) => {
      const client = createApiClient(options);
      return createCall(() => Promise.resolve(client));
    }));
  return async (route, ...body) => (await load())(route, ...body);
}
