// The sandbox's test cards (README lists them): what each number does on the payment page.

export const TEST_CARDS = {
  success: "4242424242424242",
  decline: "4000000000000002",
  challenge: "4000000000003220",
  /** Declined at first; the provider's retry goes through one step later (failed, then completed). */
  retry: "4000000000000119",
  /** Goes through, then the payment is refunded one step after completion. */
  refund: "4000000000000515",
  /** Goes through, then the card's bank charges it back one step after completion. */
  chargeback: "4000000000000259",
} as const;

export type CardKind = keyof typeof TEST_CARDS;
export type CardOutcome = { kind: CardKind } | { kind: "invalid"; field: "number" | "expiry" | "cvc" };

/** Luhn's check digit, as every card number carries. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The outcome of a card: the test numbers as documented; any other valid number is declined, as a
 * sandbox refuses real cards. A wrong number, a past expiry or a CVC that is not 3–4 digits is
 * refused before that, naming the field.
 */
export function cardOutcome(card: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { kind: "invalid", field: "number" };
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return { kind: "invalid", field: "expiry" };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good through the last day of its month.
  if (month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)).getTime() <= now.getTime()) return { kind: "invalid", field: "expiry" };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { kind: "invalid", field: "cvc" };
  const known = (Object.keys(TEST_CARDS) as CardKind[]).find((kind) => TEST_CARDS[kind] === number);
  return { kind: known ?? "decline" };
}
