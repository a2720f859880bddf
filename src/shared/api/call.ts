import { routes, type RequestOf, type ResponseOf, type RouteName } from "../../../contract/index.ts";
import type { ApiClient } from "./client.ts";

/** Optional when the route takes no body (its request schema accepts anything). */
type BodyArgs<R extends RouteName> = unknown extends RequestOf<R> ? [body?: Record<string, unknown>] : [body: RequestOf<R>];

/**
 * A call typed by the contract's route table: `call("login", { email, password })` answers the
 * envelope's `data` as the table's response type, and a wrong body does not compile. Errors are
 * the client's ApiError, as before.
 */
export type Call = <R extends RouteName>(route: R, ...body: BodyArgs<R>) => Promise<ResponseOf<R>>;

export function createCall(api: () => Promise<ApiClient>): Call {
  return async (route, ...[body]) => {
    const def = routes[route];
    const client = await api();
    return (await client.post<ResponseOf<typeof route>>(def.path, body)).data;
  };
}
