import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import { routeList, type IsSessionRoute, type LiveRouteName, type ResponseOf, type RouteName, type Routes } from "../../../contract/index.ts";
import type { MessageId } from "../i18n/index.ts";
import { failure, success } from "./envelope.ts";
import { OPENAPI_PATH, openApiDocument } from "./openapi.ts";
import type { AppEnv, SessionEnv } from "./types.ts";
import { bodyValidation, type BodyRules } from "./validate.ts";
import { formBody } from "./form-body.ts";

/** A route's body as its schema parses it (trimmed, lower-cased …): what its handler receives. */
export type BodyOf<R extends RouteName> = z.output<Routes[R]["request"]>;

/** A route's context: c.var.auth only when the table puts the route behind the session guard. */
export type EnvOf<R extends RouteName> = IsSessionRoute<R> extends true ? SessionEnv : AppEnv;

/** What a module supplies for one live route of the contract's table; the platform does the rest. */
export interface RouteHandler<R extends LiveRouteName> extends BodyRules<BodyOf<R>, EnvOf<R>> {
  /** The success envelope's message. */
  success: MessageId;
  /** Called with the body already validated; answers the envelope's `data`, or throws `refuse(route, …)`. */
  handle(c: Context<EnvOf<R>>, body: BodyOf<R>): ResponseOf<R> | Promise<ResponseOf<R>>;
}

/** Any route's handler, as apiRoutes sees it through a name it looks up. */
type LooseHandler = BodyRules & { success: MessageId; handle(c: Context<AppEnv>, body: unknown): unknown };

export type Handlers<N extends LiveRouteName = LiveRouteName> = { [K in N]: RouteHandler<K> };

/** Types a module's handlers by route name: `handlers({ login: { success, handle: async (c, body) => … } })`. */
export function handlers<N extends LiveRouteName>(defs: Handlers<N>): Handlers<N> {
  return defs;
}

export interface ApiOptions {
  /** One handler for every live route of the table (the composition root gathers the modules'). */
  handlers: Handlers;
  /** The guard of routes the table marks `auth: "session"`: sets c.var.auth or answers 401. */
  requireSession: MiddlewareHandler<SessionEnv>;
  /** Where the composition root mounts these routes (/api/v1), for the OpenAPI document's server. */
  base: string;
}

/**
 * Every path of the contract's table, at its methods: a planned route answers 501; a live one
 * runs the session guard when the table asks, then the body validation, then its handler. The
 * OpenAPI document of the same table is served beside them.
 */
export function apiRoutes({ handlers, requireSession, base }: ApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const live = new Set<string>();
  for (const route of routeList) {
    const methods = [...route.methods];
    if (route.status === "planned") {
      api.on(methods, route.path, (c) => failure(c, 501, "error.notImplemented"));
      continue;
    }
    // Looked up by a name known only at run time, so typed loosely: the guard below runs first on
    // exactly the routes whose handler's context type carries c.var.auth.
    const handler = (handlers as unknown as Partial<Record<RouteName, LooseHandler>>)[route.name];
    if (!handler) throw new Error(`no handler for the live route ${route.name}`);
    live.add(route.name);
    const answer = async (c: Context<AppEnv>) => success(c, handler.success, await handler.handle(c, c.var.valid as never));
    // Handlers of one path run in the order they were added: the guard (when asked), validation, the handler.
    if (route.auth === "session") api.on(methods, route.path, requireSession as unknown as MiddlewareHandler<AppEnv>);
    // An upload's form is read only now, after the guard (the JSON bodies were read up front).
    if (route.body === "multipart") api.on(methods, route.path, formBody);
    api.on(methods, route.path, bodyValidation(route.request, handler), answer);
  }
  const stray = Object.keys(handlers).filter((name) => !live.has(name));
  if (stray.length > 0) throw new Error(`handlers for routes the table does not list as live: ${stray.join(", ")}`);
  api.get(OPENAPI_PATH, (c) => c.json(openApiDocument(base)));
  return api;
}
