// The portfolio's plain values, apart from its schemas: machines and views read these without zod.

/**
 * Kinds of entry in the history, one per way money moves: card buys ("buy"), buys from a cash
 * balance ("buyCash"), sells and conversions (issue 26); deposits, withdrawals and fees have their shapes here for the features that add them.
 */
export const HISTORY_TYPES = ["buy", "buyCash", "sell", "convert", "deposit", "withdrawal", "fee"] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** The kinds a user can make today: the history's filter offers only these (no promise of what is not built). */
export const LIVE_HISTORY_TYPES = ["buy", "buyCash", "sell", "convert", "withdrawal"] as const satisfies readonly HistoryType[];

export const HISTORY_PAGE_MAX = 50;

/** How the cost of what is sold is found: first in, first out (the default), or the average cost of what is held. */
export const COST_METHODS = ["fifo", "average"] as const;
export type CostMethod = (typeof COST_METHODS)[number];
export const DEFAULT_COST_METHOD: CostMethod = "fifo";

/** Ranges of the total's value over time (daily points). */
export const VALUE_RANGES = ["1W", "1M", "1Y"] as const;
export type ValueRange = (typeof VALUE_RANGES)[number];
