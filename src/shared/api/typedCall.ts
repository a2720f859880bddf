import { createCall, type Call } from "./call.ts";
import { createApiClient, type ApiClientOptions } from "./client.ts";

/** The API client (ofetch) behind the contract's typed call: one chunk, loaded with the first call. */
export function typedCall(options: ApiClientOptions): Call {
  const client = createApiClient(options);
  return createCall(() => Promise.resolve(client));
}
