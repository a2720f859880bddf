// Withdrawals as the server runs them: the address book, the gates, the figures, the requests and
// their confirmation, and the network (the embedded simulator) that a scheduler moves in passes.
import { passes, type Every } from "../../platform/schedule/passes.ts";
import { createAddressBook } from "./addresses.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { createFigures } from "./figures.ts";
import { createFreezes } from "./freezes.ts";
import { createGuards } from "./guards.ts";
import { withdrawMails } from "./mail.ts";
import { createNetwork } from "./network.ts";
import { createWithdraw } from "./withdraw.ts";

/** How often the network simulator looks for withdrawals due while the server runs. */
const NETWORK_TICK_MS = 1_000;

export function createWithdrawals(deps: WithdrawalsDeps) {
  const book = createAddressBook(deps);
  const guards = createGuards(deps);
  const mails = withdrawMails(deps);
  const figures = createFigures(deps, book, guards);
  const withdraw = createWithdraw(deps, figures, mails);
  const network = createNetwork(deps, mails);
  const freezes = createFreezes(deps, mails);
  const ticking = passes("withdraw.network", deps.logger, () => network.pass());
  return {
    deps,
    book,
    guards,
    mails,
    withdraw,
    freezes,
    /** Starts the network's passes (tests pass their own timer, or call tick). */
    start(every?: Every) {
      ticking.start(NETWORK_TICK_MS, every, { immediately: false });
    },
    stop: () => ticking.stop(),
    /** One pass of the network now (or the one under way). */
    tick: () => ticking.run(),
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
