import type { RequestOf, ResponseOf, RouteName } from "../../../contract/index.ts";
import { routePaths } from "../../../contract/routePaths.ts";
import type { ApiClient } from "./client.ts";
import type { Upload } from "./upload.ts";

/** Optional when the route takes no body (its request schema accepts anything). */
type BodyArgs<R extends RouteName> = unknown extends RequestOf<R> ? [body?: Record<string, unknown>] : [body: RequestOf<R>];

/**
 * A call typed by the contract's route table: `call("login", { email, password })` answers the
 * envelope's `data` as the table's response type, and a wrong body does not compile. Errors are
 * the client's ApiError, as before. Only the types come from the route table: at run time the
 * call needs the paths alone (no zod).
 */
export type Call = (<R extends RouteName>(route: R, ...body: BodyArgs<R>) => Promise<ResponseOf<R>>) & {
  /** A multipart upload with progress (src/shared/api/upload.ts), where the app's real client is behind the call. */
  upload?: Upload;
};

export function createCall(api: () => Promise<ApiClient>): Call {
  return async (route, ...[body]) => {
    const client = await api();
    return (await client.post<ResponseOf<typeof route>>(routePaths[route], body)).data;
  };
}
