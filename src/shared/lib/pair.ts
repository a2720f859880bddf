export type PairResult = { ok: true; curr: string; symbol: string } | { ok: false; curr: "USD"; symbol: "BTC" };

const code = /^[A-Z0-9]{2,10}$/;

/** Reads `curr` and `symbol` from a query string; anything malformed falls back to BTC/USD. */
export function parsePair(search: string): PairResult {
  const params = new URLSearchParams(search);
  const curr = (params.get("curr") ?? "USD").toUpperCase();
  const symbol = (params.get("symbol") ?? "BTC").toUpperCase();
  return code.test(curr) && code.test(symbol) ? { ok: true, curr, symbol } : { ok: false, curr: "USD", symbol: "BTC" };
}
