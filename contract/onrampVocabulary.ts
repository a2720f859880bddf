// The on-ramp's plain values, apart from its schemas: machines and views read these without zod.

/**
 * An order's status as Sarraf shows it (the provider's own words are mapped onto these). refunded
 * and chargedBack come after the card payment was returned to the buyer (by the provider, or by the
 * card's bank): a credit made for it is reversed.
 */
export const ORDER_STATUSES = ["pending", "processing", "completed", "failed", "cancelled", "expired", "refunded", "chargedBack"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FINAL_ORDER_STATUSES = ["completed", "failed", "cancelled", "expired", "refunded", "chargedBack"] as const satisfies readonly OrderStatus[];
/** The statuses of a card payment returned to the buyer. */
export const REVERSED_ORDER_STATUSES = ["refunded", "chargedBack"] as const satisfies readonly OrderStatus[];
export const isReversedOrderStatus = (status: OrderStatus): boolean => (REVERSED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
export const isFinalOrderStatus = (status: OrderStatus): boolean => (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The steps of an order's timeline, each with the moment it was reached. */
export const ORDER_STEPS = ["created", "paid", "processing", "completed", "failed", "cancelled", "expired", "refunded", "chargedBack"] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** Fiat amounts are charged in cents (two decimals) whatever the currency. */
export const ONRAMP_CARD_DECIMALS = 2;
