// What the buyOrder machine does at its edges: the three /user/swipelux/* calls, the payment
// window and the order this browser remembers.
import { fromCallback, fromPromise } from "xstate";
import type { BuyOrder, BuyQuote } from "../../../../contract/index.ts";
import type { buyOrderMachine } from "../../../../machines/onramp/buyOrder.machine.ts";
import type { BuyForm, BuyOrderEvent, SendOrderInput } from "../../../../machines/onramp/buyOrder.types.ts";
import type { Call } from "../../../shared/api/call.ts";
import type { PaymentWindow } from "../adapters/paymentWindow.ts";
import type { PendingBuyStore } from "../adapters/pendingBuy.ts";

export interface BuyEdges {
  call: Call;
  paymentWindow: PaymentWindow;
  pendingBuy: PendingBuyStore;
}

/** How often the payment window is looked at for having been closed. */
const PAYMENT_WINDOW_CHECK_MS = 500;

type BuyOrderImplementations = Parameters<typeof buyOrderMachine.provide>[0];

export function buyOrderImplementations({ call, paymentWindow, pendingBuy }: BuyEdges) {
  return {
    actors: {
      fetchQuote: fromPromise<BuyQuote, BuyForm>(({ input }) => call("swipeluxQuote", input)),
      sendOrder: fromPromise<BuyOrder, SendOrderInput>(({ input }) => call("swipeluxSendOrder", input)),
      fetchStatus: fromPromise<BuyOrder, { orderId: string }>(({ input }) => call("swipeluxStatus", input)),
      cancelOrder: fromPromise<BuyOrder, { orderId: string }>(({ input }) => call("swipeluxCancel", input)),
      /** Tells the machine when the window this page opened goes from open to closed (checked every 500 ms). */
      watchPaymentWindow: fromCallback<BuyOrderEvent>(({ sendBack }) => {
        let wasOpen = paymentWindow.isOpen();
        const timer = setInterval(() => {
          const open = paymentWindow.isOpen();
          if (wasOpen && !open) sendBack({ type: "buy.paymentWindowClosed" });
          wasOpen = open;
        }, PAYMENT_WINDOW_CHECK_MS);
        return () => clearInterval(timer);
      }),
    },
    actions: {
      reservePaymentWindow: () => paymentWindow.reserve(),
      openPaymentPage: ({ context, self }) => {
        const url = context.order?.paymentUrl;
        // An order that is already final (a retried key's) has no page to show.
        if (!url) return paymentWindow.close();
        if (!paymentWindow.open(url)) self.send({ type: "buy.paymentPageBlocked" });
      },
      closePaymentPage: () => paymentWindow.close(),
      reopenPaymentPage: ({ context, self }) => {
        const url = context.order?.paymentUrl;
        if (url && !paymentWindow.open(url)) self.send({ type: "buy.paymentPageBlocked" });
      },
      rememberOrder: ({ context }) => {
        if (context.orderId) pendingBuy.write(context.orderId);
      },
      forgetOrder: () => pendingBuy.forget(),
    },
  } satisfies BuyOrderImplementations;
}
