// What other features may use of the on-ramp: the words of an order's timeline steps, so the
// history tells an order's story in the same words as the Buy page.
export { stepNames } from "./lib/texts.ts";
