import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { HistoryType } from "../../../../contract/portfolioVocabulary.ts";

/** Each kind of history entry in words (the list's rows and the filter's choices). */
export const typeMessages: Record<HistoryType, MessageDescriptor> = {
  buy: msg`Buy`,
  buyCash: msg`Buy with cash`,
  sell: msg`Sell`,
  convert: msg`Convert`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  fee: msg`Fee`,
};
