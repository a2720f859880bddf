// Buying crypto by card through the on-ramp (/user/swipelux/*), a group of the contract's table
// (contract/routes.ts); the buy's credit shows in the portfolio's calls (contract/portfolioRoutes.ts).
import { failure, pricesStale, pricesUnavailable, sessionEnded, unknownSymbol, validation } from "./failures.ts";
import { buyAmountSchema, buyOrderSchema, buyQuoteSchema, orderStatusRequestSchema, sendOrderSchema } from "./onramp.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const onrampRoutes = {
  swipeluxQuote: route({
    path: routePaths.swipeluxQuote,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "What a card buy would charge and credit, with the fee and the per-order limits.",
    status: "live",
    request: buyAmountSchema,
    response: buyQuoteSchema,
    failures: [validation, unknownSymbol, sessionEnded, pricesUnavailable, pricesStale],
  }),
  swipeluxSendOrder: route({
    path: routePaths.swipeluxSendOrder,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "Starts a card buy through the on-ramp: the order and its payment page. Idempotent by key.",
    status: "live",
    request: sendOrderSchema,
    response: buyOrderSchema,
    failures: [
      validation,
      unknownSymbol,
      sessionEnded,
      failure("idempotencyConflict", "The key was used for another order."),
      pricesUnavailable,
      pricesStale,
      failure("onrampUnavailable", "The on-ramp did not answer: nothing was charged; try again."),
      failure("kycRequired", "The order is above KYC_CARD_BUY_THRESHOLD_USD and the user's identity is not verified: nothing was ordered."),
    ],
  }),
  swipeluxStatus: route({
    path: routePaths.swipeluxStatus,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "A card buy's status and timeline (asks the on-ramp when the order is still under way).",
    status: "live",
    request: orderStatusRequestSchema,
    response: buyOrderSchema,
    failures: [validation, sessionEnded, failure("orderNotFound", "No order of this user has this id.")],
  }),
  swipeluxCancel: route({
    path: routePaths.swipeluxCancel,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary:
      "Cancels a card buy not paid yet, at the on-ramp and here; idempotent. A payment the on-ramp took first is settled instead, and a charge that arrives after the cancel is still credited.",
    status: "live",
    request: orderStatusRequestSchema,
    response: buyOrderSchema,
    failures: [
      validation,
      sessionEnded,
      failure("orderNotFound", "No order of this user has this id."),
      failure("orderNotCancellable", "The order was paid or has ended: nothing was cancelled; its status says where it stands."),
      failure("onrampUnavailable", "The on-ramp did not answer: nothing was cancelled; try again."),
    ],
  }),
};
