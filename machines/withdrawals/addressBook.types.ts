// The address book machine's types: the list with its gates, and the changes a user makes to it.
import type { AddAddressBody, WithdrawList } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export type AddressChange = { kind: "add"; body: AddAddressBody } | { kind: "rename"; id: string; label: string } | { kind: "delete"; id: string };

export interface AddressBookContext {
  list: WithdrawList | null;
  /** The list could not be loaded (or refreshed: the last one stays on screen). */
  failure: Failure<"addressBook"> | null;
  /** A change the server refused, with its field errors. */
  changeFailure: Failure<"addressBook"> | null;
  /** What the last change did, for the view to confirm it. */
  changed: AddressChange["kind"] | null;
}

export type AddressBookEvent = { type: "book.change"; change: AddressChange } | { type: "book.refresh" } | { type: "book.retry" };

export type AddressBookTag = "loading" | "ready" | "saving" | "failed";
export type { WithdrawList };
