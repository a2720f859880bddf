// What a person sees in each state of the tradeQuote machine on the exchange ticket, and the gesture
// behind each of its events, written once against a small screen adapter (TicketScreen) that
// Testing Library (jsdom) and Playwright (Chromium) each implement:
// tests/views/exchange/exchange-paths.test.tsx and tests/e2e/exchange/exchange-paths.test.ts run
// the machine's generated paths through the real ticket and receipt with it.
import type { EventObject } from "xstate";
import type { UiSpec } from "../../tools/statecharts/ui-harness.ts";

/** The ticket as a person meets it. Queries answer at once; gestures wait for their control. */
export interface TicketScreen {
  /** The "You pay" field: its value, whether it takes input, is marked invalid, and what is read out with it; null when not shown. */
  pay(): Promise<{ value: string; enabled: boolean; invalid: boolean; description: string } | null>;
  /** The button with this name (exact for a string): whether it takes a press and is marked busy; null when there is none. */
  button(name: string | RegExp): Promise<{ enabled: boolean; busy: boolean } | null>;
  /** Whether a text is shown (an exact string, or a pattern for the whole text of one element). */
  shows(text: string | RegExp): Promise<boolean>;
  /** The texts of the alerts shown. */
  alerts(): Promise<string[]>;
  /** The heading with this name: whether it has focus, and the text of its section; null when there is none. */
  heading(name: string): Promise<{ focused: boolean; section: string } | null>;
  /** Types this into "You pay", as a person replacing what is there. */
  typePay(text: string): Promise<void>;
  /** Leaves "You pay" (focus moves on). */
  leavePay(): Promise<void>;
  click(name: string | RegExp): Promise<void>;
  /** An edit that comes from the address (Back, a shared link) while the receipt shows no field: sent as the page does. */
  editFromAddress(event: EventObject): Promise<void>;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const confirmName = /^Confirm: buy BTC$|^Trading…$/;

async function cannotConfirm(screen: TicketScreen): Promise<void> {
  const button = await screen.button(confirmName);
  check(button === null || !button.enabled, "expected no Confirm that takes a press");
}

async function shows(screen: TicketScreen, text: string | RegExp): Promise<void> {
  check(await screen.shows(text), `expected the text ${String(text)} on screen`);
}

async function hasAlert(screen: TicketScreen, text: string): Promise<void> {
  const alerts = await screen.alerts();
  check(
    alerts.some((shown) => shown.includes(text)),
    `expected an alert saying "${text}", the alerts say ${JSON.stringify(alerts)}`,
  );
}

async function enabledButton(screen: TicketScreen, name: string): Promise<void> {
  const button = await screen.button(name);
  check(button?.enabled, `expected the button "${name}" to take a press, it is ${button ? "disabled" : "not shown"}`);
}

async function payField(screen: TicketScreen) {
  const field = await screen.pay();
  check(field, 'expected the "You pay" field');
  return field;
}

const nothing = async () => {};

/** The spec; `waitFor` is the adapter's (Testing Library's waitFor, or polling a real page). */
export function tradeQuoteUiSpec(waitFor: UiSpec<TicketScreen>["waitFor"]): UiSpec<TicketScreen> {
  return {
    states: {
      ticket: nothing,
      "ticket.editing": async (screen) => check((await payField(screen)).enabled, '"You pay" should take input'),
      // Passed through at once: never on screen by itself.
      "ticket.editing.validating": nothing,
      "ticket.editing.idle": async (screen) => {
        const field = await payField(screen);
        check(field.value === "", `expected "You pay" empty, it holds "${field.value}"`);
        await shows(screen, "Enter an amount on either side to see a quote.");
        await cannotConfirm(screen);
      },
      "ticket.editing.debouncing": cannotConfirm,
      "ticket.editing.invalid": async (screen) => {
        const field = await payField(screen);
        check(field.invalid, '"You pay" should be marked invalid');
        check(
          /decimal places|more than you have|at least|at most/.test(field.description),
          `expected the reason read out with "You pay", it reads "${field.description}"`,
        );
        await cannotConfirm(screen);
      },
      "ticket.quoting": cannotConfirm,
      "ticket.quoted": async (screen) => {
        await enabledButton(screen, "Confirm: buy BTC");
        await shows(screen, /^Price held for \d+ s$/);
      },
      "ticket.refreshing": async (screen) => {
        await shows(screen, "Refreshing the quote…");
        await cannotConfirm(screen);
      },
      "ticket.worse": async (screen) => {
        await hasAlert(screen, "The price moved against you: you would now receive 0.00101500 BTC instead of 0.00102603 BTC.");
        await enabledButton(screen, "Accept the new price");
        await cannotConfirm(screen);
      },
      "ticket.expired": async (screen) => {
        await hasAlert(screen, "This quote");
        await enabledButton(screen, "Get a new quote");
        await cannotConfirm(screen);
      },
      "ticket.unanswered": async (screen) => {
        await hasAlert(screen, "We did not hear back about this trade");
        await enabledButton(screen, "Confirm: buy BTC");
      },
      "ticket.failed": async (screen) => check(await screen.button("Get a new quote"), 'expected "Get a new quote"'),
      "ticket.failed.insufficientBalance": (screen) => hasAlert(screen, "Your available balance is not enough for this trade"),
      "ticket.failed.houseCannotFill": (screen) => hasAlert(screen, "We cannot fill a trade of this size"),
      "ticket.failed.priceMoved": (screen) => hasAlert(screen, "The price moved too much since this quote was made"),
      "ticket.failed.pricesStale": (screen) => hasAlert(screen, "Prices are out of date right now"),
      "ticket.failed.debtOutstanding": (screen) => hasAlert(screen, "You owe us some of this asset"),
      "ticket.failed.unreachable": (screen) => hasAlert(screen, "We could not reach Sarraf"),
      accepting: async (screen) => {
        const button = await screen.button("Trading…");
        check(button?.busy, 'expected "Trading…" marked busy');
      },
      done: async (screen) => {
        const heading = await screen.heading("Bought 0.00102603 BTC");
        check(heading, 'expected the receipt\'s heading "Bought 0.00102603 BTC"');
        check(heading.focused, "the receipt's heading should have focus");
        check(heading.section.includes("Executed exactly as quoted."), `expected "Executed exactly as quoted." on the receipt, it says "${heading.section}"`);
      },
    },
    events: {
      "exchange.edit": async (screen, event) => {
        const field = await screen.pay();
        // On the receipt no field is shown: the page's address hook sends the edit (useAddressedForm).
        if (!field) return screen.editFromAddress(event);
        const { amount } = (event as unknown as { changes: { amount: string } }).changes;
        // The same text again is no change to the field: another first, as a person retyping it.
        if (field.value === amount) await screen.typePay(`${amount}9`);
        await screen.typePay(amount);
      },
      "exchange.blur": (screen) => screen.leavePay(),
      "exchange.confirm": (screen) => screen.click("Confirm: buy BTC"),
      "exchange.acceptWorse": (screen) => screen.click("Accept the new price"),
      "exchange.requote": (screen) => screen.click("Get a new quote"),
      "exchange.again": (screen) => screen.click("Trade again"),
    },
    system: ["exchange.balance"],
    waitFor,
  };
}
