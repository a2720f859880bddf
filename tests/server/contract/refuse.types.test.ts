import { describe, expectTypeOf, it } from "vitest";
import type { AnyReason, LiveRouteName, Reason, ReasonOf, RoutesWithReason } from "../../../contract/index.ts";
import type { RouteHandler } from "../../../server/platform/http/api.ts";
import { refuse } from "../../../server/platform/http/refuse.ts";

// What the compiler refuses. tsc checks this file (`npx tsc --noEmit -p .`): every line marked
// to expect an error must fail to compile, or the check fails. The calls sit in functions that
// never run, because a refusal that did compile would throw.

export function compiles() {
  refuse("login", "invalidCredentials");
  refuse("login", "codeRequired", { email: "trader@example.com" });
  refuse("verifyOtp", "codeInvalid", { attemptsLeft: 2 });
  refuse("getProfile", 403);
  // A helper serving several routes may send what they all document.
  const lookUp = (route: RoutesWithReason<"unknownSymbol">) => refuse(route, "unknownSymbol");
  return lookUp;
}

export function doesNotCompile() {
  // @ts-expect-error login does not document orderNotFound
  refuse("login", "orderNotFound");
  // @ts-expect-error belowMinimum is a field key of a validation failure, not a reason
  refuse("swipeluxQuote", "belowMinimum");
  // @ts-expect-error rateLimited needs its wait
  refuse("login", "rateLimited");
  // @ts-expect-error codeInvalid's data is the tries left, not a wait
  refuse("verifyOtp", "codeInvalid", { retryAfter: 3 });
  // @ts-expect-error getProfile documents no 404
  refuse("getProfile", 404);
  // @ts-expect-error a planned route has no handler to refuse from
  refuse("checkKyc", 501);
  // @ts-expect-error marketTickers documents no unknownSymbol, so a helper serving it may not send it
  const lookUp = (route: "getPrice" | "marketTickers") => refuse(route, "unknownSymbol");
  return lookUp;
}

type ContextOf<R extends LiveRouteName> = Parameters<RouteHandler<R>["handle"]>[0];

describe("failure types", () => {
  it("derive each route's reasons from the table", () => {
    expectTypeOf<ReasonOf<"verifyOtp">>().toEqualTypeOf<"validation" | "codeInvalid" | "codeExpired" | "rateLimited">();
    expectTypeOf<ReasonOf<"health">>().toBeNever();
    expectTypeOf<ReasonOf<"checkKyc">>().toEqualTypeOf<"validation">();
  });

  it("declare no reason that no route documents", () => {
    expectTypeOf<Reason>().toEqualTypeOf<AnyReason>();
  });

  it("give c.var.auth only to the handlers of session routes", () => {
    expectTypeOf<ContextOf<"logout">["var"]>().toHaveProperty("auth");
    expectTypeOf<ContextOf<"login">["var"]>().not.toHaveProperty("auth");
    expectTypeOf<ContextOf<"currencyList">["var"]>().not.toHaveProperty("auth");
  });
});
