// Numbers from the source become the contract's decimal strings here, and only here.

/** A price with the digits it needs: 2 decimals from 1 up, 6 significant digits below (at most 12 decimals). */
export function priceString(value: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError("not a price");
  const decimals = value >= 1 ? 2 : Math.min(12, Math.max(2, 5 - Math.floor(Math.log10(value))));
  return plain(value, decimals);
}

/** Whole units (volumes). */
export const wholeString = (value: number): string => plain(Math.max(0, value), 0);

/** A percent change with two decimals. */
export const percentString = (from: number, to: number): string => plain(from > 0 ? (to / from - 1) * 100 : 0, 2);

function plain(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  // toFixed keeps a minus on a value that rounds to zero.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
