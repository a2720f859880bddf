// Apart from money.ts's schemas, so views that format amounts do not load zod.

/** A signed decimal in plain notation (no exponent, no grouping): "0.00012345", "-12.5", "100". */
export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;
