// The buyOrder chart's repeated parts: watching an order under way, its endings, and cancelling an
// unpaid order (issue 24 item 14). Only buyOrder.machine.ts uses them.
import type { OrderStatus } from "../../contract/index.ts";
import { errorOf, output } from "../event-body.ts";
import { orderIdOf } from "./buyOrder.setup.ts";

/**
 * Polling an order under way: wait, ask, and go wherever its status says. A failed ask is
 * transient (it waits and asks again); after several in a row the view says so, still watching.
 */
export function watching(phase: "awaitingPayment" | "processing", delay: "paymentPoll" | "processingBackoff") {
  const ask = (troubled: boolean) =>
    ({
      tags: ["checking"],
      invoke: {
        id: "fetchStatus",
        src: "fetchStatus",
        input: orderIdOf,
        onDone: { target: "#buyOrder.routing", actions: { type: "keepOrder", params: output } },
        onError: [
          { guard: "isOrderLost", target: "#buyOrder.lost" },
          ...(troubled ? [] : [{ guard: "isTroubled", target: `#buyOrder.${phase}.troubled`, actions: "countStatusFailure" } as const]),
          { target: "waiting", actions: "countStatusFailure" },
        ],
      },
    }) as const;
  return {
    initial: "watching",
    states: {
      watching: {
        initial: "waiting",
        states: {
          waiting: { after: { [delay]: { target: "checking" } } },
          checking: ask(false),
        },
      },
      troubled: {
        tags: ["connectionTrouble"],
        initial: "waiting",
        on: { "buy.retry": { target: ".checking" } },
        states: {
          waiting: { after: { [delay]: { target: "checking" } } },
          checking: ask(true),
        },
      },
    },
  } as const;
}

export function settled(status: Exclude<OrderStatus, "pending" | "processing">) {
  return {
    tags: ["tracking", status],
    entry: ["forgetOrder", "closePaymentPage"],
    on: { "buy.again": { target: "editing", actions: "startOver" } },
  } as const;
}

/**
 * Cancelling the order watched: at the server (which cancels at the provider first). "cancel"
 * ends in the cancelled state; "instead" then opens a new form. An order paid meanwhile cannot
 * be cancelled: its status is asked for and shown. Any other failure goes back to the payment wait.
 */
const cancelledThen = {
  cancelled: { target: "#buyOrder.routing", actions: { type: "keepOrder", params: output } },
  newForm: { target: "#buyOrder.editing", actions: ["closePaymentPage", "forgetOrder", "startOver"] },
} as const;

export function cancelling<Then extends keyof typeof cancelledThen>(then: Then) {
  return {
    tags: ["tracking", "cancelling"],
    invoke: {
      id: "cancelOrder",
      src: "cancelOrder",
      input: orderIdOf,
      onDone: cancelledThen[then],
      onError: [
        {
          guard: { type: "isNotCancellable", params: errorOf },
          description: "Paid (or ended) meanwhile: its status says where it stands.",
          target: "#buyOrder.resuming",
          actions: { type: "keepCancelFailure", params: errorOf },
        },
        { target: "#buyOrder.awaitingPayment", actions: { type: "keepCancelFailure", params: errorOf } },
      ],
    },
  } as const;
}
