import { routePaths } from "../../../contract/routePaths.ts";
import { createCall, type Call } from "./call.ts";
import { createApiClient, type ApiClientOptions } from "./client.ts";

/** The API client (ofetch) behind the contract's typed call: one chunk, loaded with the first call. */
export function typedCall(options: ApiClientOptions): Call {
  // A session that has ended here may still send its own logout.
  const client = createApiClient({ exempt: routePaths.logout, ...options });
  return createCall(() => Promise.resolve(client));
}
