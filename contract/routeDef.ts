// One route of the contract's table (contract/routes.ts), apart from the table so that groups of
// routes kept in files of their own (contract/pnlRoutes.ts) build theirs with the same helper.
import type { z } from "zod";
import type { Failure } from "./failures.ts";

export interface RouteDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/${string}`;
  methods: readonly ("GET" | "POST" | "PUT")[];
  /** "session": a Bearer token is required (401 without a live one). */
  auth: "none" | "session";
  /** The spec section 7 group, used as the OpenAPI tag. */
  group: "System" | "Public" | "Session" | "Profile" | "Market" | "Trading" | "KYC" | "Withdrawals" | "Notifications";
  summary: string;
  /** "planned": in the spec, not built yet: the server answers 501. */
  status: "live" | "planned";
  /** How the body is sent: JSON (the default), or multipart/form-data (uploads, with their own size limit). */
  body?: "json" | "multipart";
  request: Req;
  /** The success envelope's `data`. */
  response: Res;
  failures: readonly Failure[];
}

// Keeps each route's own status, auth and failures as literal types, so LiveRouteName can pick
// the live ones and ReasonOf can read each route's reasons.
export const route = <
  Req extends z.ZodType,
  Res extends z.ZodType,
  const S extends RouteDef["status"],
  const A extends RouteDef["auth"],
  const F extends readonly Failure[],
>(
  def: RouteDef<Req, Res> & { status: S; auth: A; failures: F },
) => def;
