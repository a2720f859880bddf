// What a person sees in each state of the buyOrder machine on the Buy page, and the gesture behind
// each of its events, written once against a small screen adapter (BuyScreen) that Testing
// Library (jsdom) and Playwright (Chromium) each implement: tests/views/onramp/buy-paths.test.tsx
// and tests/e2e/onramp/buy-paths.test.ts run the machine's generated paths through the real form,
// offer and order panel with it.
import type { EventObject } from "xstate";
import type { StateCheckContext, UiSpec } from "../../tools/statecharts/ui-harness.ts";

/** The Buy page as a person meets it. Queries answer at once; gestures wait for their control. */
export interface BuyScreen {
  /** The amount field ("You pay (USD)"): its value, whether it takes input, is marked invalid, and what is read out with it; null when not shown. */
  amount(): Promise<{ value: string; enabled: boolean; invalid: boolean; description: string } | null>;
  /** The button with this name (exact for a string): whether it takes a press and is marked busy; null when there is none. */
  button(name: string | RegExp): Promise<{ enabled: boolean; busy: boolean } | null>;
  /** Whether a link with this name is shown. */
  link(name: string): Promise<boolean>;
  /** Whether a heading with this name is shown. */
  heading(name: string): Promise<boolean>;
  /** Whether a text is shown (an exact string, or a pattern for the whole text of one element). */
  shows(text: string | RegExp): Promise<boolean>;
  /** The texts of the alerts shown. */
  alerts(): Promise<string[]>;
  /** Whether the quote's summary is shown, and marked busy while a newer one is asked for; null when not shown. */
  quote(): Promise<{ busy: boolean } | null>;
  /** Types this into the amount field, as a person replacing what is there. */
  typeAmount(text: string): Promise<void>;
  /** Leaves the amount field (focus moves on). */
  leaveAmount(): Promise<void>;
  click(name: string | RegExp): Promise<void>;
  /** The browser's popup blocker refuses the next window the page opens. */
  refusePopups(): Promise<void>;
  /** An event that no control on the screen sends, sent as the page's own code would (see `straight` below). */
  sendStraight(event: EventObject): Promise<void>;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const nothing = async () => {};
const PAY = "Pay by card";

const shows = async (screen: BuyScreen, text: string | RegExp) => check(await screen.shows(text), `expected the text ${String(text)} on screen`);
const hides = async (screen: BuyScreen, text: string | RegExp) => check(!(await screen.shows(text)), `expected no text ${String(text)} on screen`);
const heading = async (screen: BuyScreen, name: string) => check(await screen.heading(name), `expected the heading "${name}"`);
const absent = async (screen: BuyScreen, name: string | RegExp) => check((await screen.button(name)) === null, `expected no button ${String(name)}`);
async function hasAlert(screen: BuyScreen, text: string | RegExp) {
  const alerts = await screen.alerts();
  check(
    alerts.some((shown) => (typeof text === "string" ? shown.includes(text) : text.test(shown))),
    `expected an alert saying ${String(text)}, the alerts say ${JSON.stringify(alerts)}`,
  );
}
async function enabled(screen: BuyScreen, name: string | RegExp) {
  const button = await screen.button(name);
  check(button?.enabled, `expected the button ${String(name)} to take a press, it is ${button ? "disabled" : "not shown"}`);
}
async function disabled(screen: BuyScreen, name: string | RegExp) {
  const button = await screen.button(name);
  check(button && !button.enabled, `expected the button ${String(name)} shown and not taking a press, it is ${button ? "enabled" : "not shown"}`);
}
async function amountField(screen: BuyScreen) {
  const field = await screen.amount();
  check(field, "expected the amount field");
  return field;
}
const cannotPay = (screen: BuyScreen) => disabled(screen, PAY);
/** The step that led here was this event (a self-transition changes only what the screen says). */
const after = (context: StateCheckContext, type: string) => context.step?.step.kind === "event" && context.step.step.event.type === type;
const afterError = (context: StateCheckContext, invokeId: string) => context.step?.step.kind === "error" && context.step.step.invokeId === invokeId;

const TROUBLE = "We are having trouble reaching Sarraf. Still watching your order: it goes on whether or not this page can see it.";
const BUY_AGAIN = /^(Buy again|Start a new order instead)$/;

/** The order panel's heading for an order that ended, and the way on from it. */
const ended = (title: string) => async (screen: BuyScreen) => {
  await heading(screen, title);
  await enabled(screen, "Buy again");
  await absent(screen, "Cancel this order");
};

/** The payment page offered again: "Reopen the payment page" (taking a press or not), or its link once the browser blocked the window. */
async function paymentPageOffered(screen: BuyScreen, pressable: boolean) {
  const reopen = await screen.button("Reopen the payment page");
  if (reopen) check(reopen.enabled === pressable, `expected "Reopen the payment page" ${pressable ? "taking" : "not taking"} a press`);
  else check(await screen.link("Open the payment page"), 'expected "Reopen the payment page", or the link "Open the payment page"');
}

/** Clicks the first of these buttons shown; when none is, no control sends the event: it is sent straight (the guard's other side). */
async function pressOrStraight(screen: BuyScreen, names: string[], event: EventObject) {
  for (const name of names) if (await screen.button(name)) return screen.click(name);
  return screen.sendStraight(event);
}

/** The spec; `waitFor` is the adapter's (Testing Library's waitFor, or polling a real page). */
export function buyOrderUiSpec(waitFor: UiSpec<BuyScreen>["waitFor"]): UiSpec<BuyScreen> {
  return {
    states: {
      // Passed through at once: never on screen by themselves.
      starting: nothing,
      routing: nothing,
      "editing.validating": nothing,
      editing: async (screen) => {
        check((await amountField(screen)).enabled, "the amount field should take input");
        check(!(await screen.heading("Waiting for your payment")), "no order panel while editing");
      },
      "editing.idle": async (screen) => {
        const field = await amountField(screen);
        check(field.value === "", `expected the amount empty, it holds "${field.value}"`);
        await shows(screen, "Enter an amount to see what you get.");
        await cannotPay(screen);
      },
      "editing.debouncing": cannotPay,
      "editing.invalid": async (screen) => {
        const field = await amountField(screen);
        check(field.invalid, "the amount should be marked invalid");
        check(/at least|at most|decimal places/.test(field.description), `expected the reason read out with the amount, it reads "${field.description}"`);
        await cannotPay(screen);
      },
      "editing.quoting": async (screen) => {
        await cannotPay(screen);
        const quote = await screen.quote();
        check(quote ? quote.busy : await screen.shows("Getting a quote…"), 'expected "Getting a quote…", or the last quote marked busy');
      },
      "editing.quoted": async (screen) => {
        await enabled(screen, PAY);
        check((await screen.quote())?.busy === false, "expected the quote shown, not busy");
        await shows(screen, "0.00101 BTC");
      },
      "editing.quoteFailed": async (screen) => {
        await hasAlert(screen, /Prices are not available right now|Prices are out of date right now|We could not reach Sarraf/);
        await enabled(screen, "Try again");
        await cannotPay(screen);
      },
      creating: async (screen) => {
        const button = await screen.button("Starting your order…");
        check(button?.busy && !button.enabled, 'expected "Starting your order…" busy and not taking a press');
        check(!(await amountField(screen)).enabled, "the amount field should not take input while the order is made");
      },
      cancellingOffer: async (screen) => {
        await heading(screen, "You have an unpaid order");
        await disabled(screen, "Cancelling…");
        await disabled(screen, "Continue paying");
        check((await amountField(screen)).enabled, "the form stays usable while the offer is cancelled");
      },
      resuming: (screen) => enabled(screen, "Buy again"),
      "resuming.fetching": (screen) => heading(screen, "Looking up your order…"),
      "resuming.retrying": async (screen) => {
        await shows(screen, TROUBLE);
        await enabled(screen, "Check now");
      },
      awaitingPayment: async (screen, context) => {
        await heading(screen, "Waiting for your payment");
        await enabled(screen, "Cancel this order");
        await enabled(screen, "Start a new order instead");
        if (after(context, "buy.paymentPageBlocked")) {
          await hasAlert(screen, "Your browser blocked the payment window.");
          check(await screen.link("Open the payment page"), 'expected the link "Open the payment page"');
        } else if (after(context, "buy.reopen")) {
          await enabled(screen, "Reopen the payment page");
        } else {
          await paymentPageOffered(screen, true);
        }
        const closed = "You closed the payment window. The order is still open: reopen the payment page to pay, or cancel the order.";
        if (after(context, "buy.paymentWindowClosed")) await shows(screen, closed);
        if (after(context, "buy.reopen")) await hides(screen, closed);
        // A cancel that did not happen says why.
        if (afterError(context, "cancelOrder")) await hasAlert(screen, /cannot|could not|try again/i);
      },
      "awaitingPayment.watching": (screen) => hides(screen, TROUBLE),
      // A status call out or not: the page follows the order by itself and shows no difference.
      "awaitingPayment.watching.waiting": nothing,
      "awaitingPayment.watching.checking": nothing,
      "awaitingPayment.troubled": async (screen) => {
        await shows(screen, TROUBLE);
        await enabled(screen, "Check now");
      },
      "awaitingPayment.troubled.waiting": nothing,
      "awaitingPayment.troubled.checking": nothing,
      cancelling: async (screen) => {
        await heading(screen, "Waiting for your payment");
        await shows(screen, "Cancelling your order…");
        await disabled(screen, "Cancel this order");
        await paymentPageOffered(screen, false);
      },
      replacing: async (screen) => {
        await shows(screen, "Cancelling your order…");
        await disabled(screen, "Cancel this order");
      },
      processing: async (screen) => {
        await heading(screen, "Payment received: buying your crypto");
        await absent(screen, "Cancel this order");
        await absent(screen, "Buy again");
      },
      "processing.watching": (screen) => hides(screen, TROUBLE),
      "processing.watching.waiting": nothing,
      "processing.watching.checking": nothing,
      "processing.troubled": async (screen) => {
        await shows(screen, TROUBLE);
        await enabled(screen, "Check now");
      },
      "processing.troubled.waiting": nothing,
      "processing.troubled.checking": nothing,
      completed: async (screen) => {
        await ended("Your crypto is in your balance")(screen);
        check(await screen.link("See your portfolio"), 'expected the link "See your portfolio"');
      },
      failed: ended("The payment failed"),
      cancelled: ended("The payment was cancelled"),
      expired: ended("The payment page expired"),
      refunded: ended("The card payment was refunded"),
      chargedBack: ended("The card payment was charged back"),
      lost: ended("Order not found"),
    },
    events: {
      "buy.edit": async (screen, event) => {
        const { amount } = (event as unknown as { changes: { amount: string } }).changes;
        const field = await amountField(screen);
        // The same text again is no change to the field: another first, as a person retyping it.
        if (field.value === amount) await screen.typeAmount(`${amount}9`);
        await screen.typeAmount(amount);
      },
      "buy.blur": (screen) => screen.leaveAmount(),
      "buy.pay": (screen) => screen.click(PAY),
      "buy.retry": (screen) => screen.click(/^(Try again|Check now)$/),
      "buy.again": (screen) => screen.click(BUY_AGAIN),
      "buy.reopen": (screen) => screen.click("Reopen the payment page"),
      // Its real edge: the browser refuses the popup a press on "Reopen the payment page" opens.
      "buy.paymentPageBlocked": async (screen) => {
        await screen.refusePopups();
        await screen.click("Reopen the payment page");
      },
      // With no order offered, no control sends these (the machine ignores them by its guard).
      "buy.resume": (screen, event) => pressOrStraight(screen, ["Continue paying"], event),
      "buy.cancel": (screen, event) => pressOrStraight(screen, ["Cancel this order", "Cancel that order"], event),
    },
    // The person closes the provider's popup, another window: the page learns it from its watcher
    // (watchPaymentWindow), an invoked actor the path driver fakes, so the event is sent as it would.
    system: ["buy.paymentWindowClosed"],
    waitFor,
  };
}

/** The events sent straight to the machine where no control sends them (counted by the jsdom run). */
export const straightEvents = ["buy.resume", "buy.cancel"] as const;
