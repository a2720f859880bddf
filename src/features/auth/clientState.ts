import { useSelector } from "@xstate/react";
import { matchRoute, useLocation, useRouter } from "wouter";
import { authStateOf } from "../../../machines/auth/auth.state.ts";
import { useAppActor } from "../../shared/actors/context.tsx";
import { routes, type LayoutKind } from "../../app/routes.ts";

const sameValues = <T extends object>(a: T, b: T) => Object.keys(a).every((key) => a[key as keyof T] === b[key as keyof T]);

/**
 * Spec section 3's client state values (user, authToken, signupuser, forgetpass,
 * isAuthenticated, userInfo, routeType, loading): read off the auth machine and the route
 * table on demand, never stored beside them.
 */
export function useClientState() {
  const auth = useSelector(useAppActor("auth"), authStateOf, sameValues);
  const [location] = useLocation();
  const { parser } = useRouter();
  const routeType: LayoutKind = routes.find((route) => matchRoute(parser, route.path, location)[0])?.layout ?? "public";
  return { ...auth, routeType };
}
