// What the route table's failures say about each route, as types: the reasons a handler may
// refuse with and the SPA may map. A reason no route documents is in none of them.
import type { FailureStatus, Reason } from "./failures.ts";
import type { LiveRouteName, RouteName, Routes } from "./routes.ts";

type FailuresOf<R extends RouteName> = Routes[R]["failures"][number];

/** The `data.reason`s route R documents (never for a route that documents none). */
export type ReasonOf<R extends RouteName> = FailuresOf<R> extends infer F ? (F extends { reason: infer Why extends Reason } ? Why : never) : never;

/** Every reason some route documents: all the server can send, all the SPA may map. */
export type AnyReason = { [R in RouteName]: ReasonOf<R> }[RouteName];

/** The statuses route R documents without a reason (a 403 on someone else's profile, a 401). */
export type PlainStatusOf<R extends RouteName> =
  FailuresOf<R> extends infer F ? (F extends { reason: Reason } ? never : F extends { status: infer S extends FailureStatus } ? S : never) : never;

/** The live routes that document every one of these reasons: where a helper shared by routes may send them. */
export type RoutesWithReason<Why extends Reason> = { [R in LiveRouteName]: [Why] extends [ReasonOf<R>] ? R : never }[LiveRouteName];

/** Whether route R is behind the session guard (its handler may read c.var.auth). */
export type IsSessionRoute<R extends RouteName> = Routes[R]["auth"] extends "session" ? true : false;
