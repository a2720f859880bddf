// Samples the statechart tools drive the address book machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { AddressBookEvent } from "./addressBook.types.ts";
import { sampleAddress, sampleList } from "./withdrawals.fixtures.ts";

export const addressBookGraphSpec: MachineGraphSpec<undefined, AddressBookEvent> = {
  events: [
    { type: "book.change", change: { kind: "add", body: { label: "Cold wallet", asset: "BTC", network: "bitcoin", address: sampleAddress.address } } },
    { type: "book.change", change: { kind: "delete", id: sampleAddress.id } },
    { type: "book.refresh" },
    { type: "book.retry" },
  ],
  actors: {
    fetchList: { done: [sampleList], error: [{ code: "network", message: "Failed to fetch" }] },
    saveAddress: {
      done: ["add"],
      error: [{ code: "badRequest", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { address: "address.invalid" } } }],
    },
  },
};
