import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf } from "../failure.ts";
import type { AddressBookContext, AddressBookEvent, AddressBookTag, AddressChange, WithdrawList } from "./addressBook.types.ts";

export type { AddressBookTag, AddressChange } from "./addressBook.types.ts";

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    tags: {} as AddressBookTag,
  },
  delays: {
    /** How often the list (addresses' states, withdrawals' statuses) is asked again while on screen. */
    refreshEvery: 3_000,
  },
  actions: {
    keepList: assign((_, list: WithdrawList) => ({ list, failure: null })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("addressBook", error) })),
    keepChangeFailure: assign((_, error: unknown) => ({ changeFailure: failureOf("addressBook", error), changed: null })),
    noteChange: assign(({ event }) => (event.type === "book.change" ? { changeFailure: null, changed: null } : {})),
    noteDone: assign(({ event }) => ({ changed: "output" in event ? (event.output as AddressChange["kind"]) : null })),
  },
  actors: {
    /** /withdraw/list. */
    fetchList: fromPromise<WithdrawList>(async () => {
      throw new Error("fetchList is provided by the app");
    }),
    /** /withdraw/add, /withdraw/update or /withdraw/delete; answers which. */
    saveAddress: fromPromise<AddressChange["kind"], AddressChange>(async () => {
      throw new Error("saveAddress is provided by the app");
    }),
  },
}).createMachine({
  id: "addressBook",
  description: "The address book and the latest withdrawals, asked again every few seconds while on screen, and the changes made to the book.",
  context: { list: null, failure: null, changeFailure: null, changed: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "load",
        src: "fetchList",
        onDone: { target: "ready", actions: { type: "keepList", params: output } },
        onError: { target: "failed", actions: { type: "keepFailure", params: errorOf } },
      },
    },
    failed: {
      tags: ["failed"],
      description: "The first load failed.",
      on: { "book.retry": { target: "loading" } },
    },
    ready: {
      tags: ["ready"],
      description: "On screen; asked again after a while (a confirmed address, a withdrawal that moved on).",
      after: { refreshEvery: { target: "refreshing" } },
      on: {
        "book.refresh": { target: "refreshing" },
        "book.change": { target: "saving", actions: "noteChange" },
      },
    },
    refreshing: {
      tags: ["ready"],
      invoke: {
        id: "refresh",
        src: "fetchList",
        onDone: { target: "ready", actions: { type: "keepList", params: output } },
        onError: { target: "ready", actions: { type: "keepFailure", params: errorOf } },
      },
    },
    saving: {
      tags: ["ready", "saving"],
      invoke: {
        id: "save",
        src: "saveAddress",
        input: ({ event }) => (event.type === "book.change" ? event.change : { kind: "delete", id: "" }),
        onDone: { target: "refreshing", actions: "noteDone" },
        onError: { target: "ready", actions: { type: "keepChangeFailure", params: errorOf } },
      },
    },
  },
});
