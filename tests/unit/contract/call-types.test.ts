import { describe, expectTypeOf, it } from "vitest";
import { TERMS_VERSION, type CodeSent, type LiveRouteName, type Profile, type RequestOf, type SignedInUser } from "../../../contract/index.ts";
import type { Call } from "../../../src/shared/api/call.ts";

// Compile-time checks: `npm test` runs tsc over tests, so a line marked @ts-expect-error that
// compiles fails the run. The function is never called; its body only has to type-check.
function typedCalls(call: Call) {
  expectTypeOf(call("login", { email: "trader@example.com", password: "a long password" })).resolves.toEqualTypeOf<SignedInUser>();
  expectTypeOf(
    call("signup", { fullName: "Layla", email: "layla@example.com", password: "a long password", acceptedTerms: TERMS_VERSION }),
  ).resolves.toEqualTypeOf<CodeSent>();
  expectTypeOf(call("getProfile", {})).resolves.toEqualTypeOf<Profile>();
  expectTypeOf(call("logout")).resolves.toEqualTypeOf<null>();
  // Routes without a body schema take one or none.
  expectTypeOf(call("health")).resolves.toEqualTypeOf<{ database: "pglite" | "postgresql" }>();

  // @ts-expect-error a login without its password
  void call("login", { email: "trader@example.com" });
  // @ts-expect-error a password that is not text
  void call("login", { email: "trader@example.com", password: 42 });
  // @ts-expect-error a field the route does not take
  void call("login", { email: "trader@example.com", password: "a long password", remember: true });
  // @ts-expect-error a route with a body called without one
  void call("verifyOtp");
  // @ts-expect-error a route the table does not list
  void call("transferEverything", {});
  // @ts-expect-error a locale the contract does not know
  void call("sendOtp", { email: "trader@example.com", locale: "fr" });
}

describe("Call (src/shared/api/call.ts)", () => {
  it("types each call's body and answer by the contract's table", () => {
    expectTypeOf(typedCalls).toBeFunction();
    expectTypeOf<RequestOf<"login">>().toEqualTypeOf<{ email: string; password: string }>();
  });

  it("knows which routes are live", () => {
    expectTypeOf<LiveRouteName>().toEqualTypeOf<
      | "health"
      | "signup"
      | "login"
      | "sendOtp"
      | "verifyOtp"
      | "forgotPassword"
      | "resetPassword"
      | "socialLogin"
      | "logout"
      | "getProfile"
      | "updateProfile"
      | "setPassword"
      | "changePassword"
      | "uploadProfileImage"
      | "addFile"
      | "pushToken"
      | "currencyList"
      | "getPrice"
      | "marketTickers"
      | "priceHistory"
      | "addFavToken"
      | "dashboardMarketInfo"
      | "transactionsHistory"
      | "swipeluxQuote"
      | "swipeluxSendOrder"
      | "swipeluxStatus"
      | "swipeluxCancel"
      | "balances"
      | "tradeQuote"
      | "tradeAccept"
      | "sellSendOrder"
      | "portfolio"
      | "portfolioValue"
      | "buySellReport"
      | "vaultWithdraw"
      | "withdrawList"
      | "withdrawAdd"
      | "withdrawUpdate"
      | "withdrawDelete"
      | "pageViewAdd"
      | "checkKyc"
      | "kycDetails"
      | "kycSubmit"
      | "contactStart"
      | "contactUs"
      | "subscribe"
      | "subscribeConfirm"
      | "unsubscribe"
      | "blogList"
      | "blogPost"
      | "partnerList"
      | "partnerPage"
    >();
  });
});
