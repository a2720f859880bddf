// The profit-and-loss calls and the cost-basis method this browser chose (one method everywhere:
// the page, the report and its CSV ask the server with the same one).
import { COST_METHODS, DEFAULT_COST_METHOD, type CostMethod, type QuoteCurrency, type ReportBody, type ValueRange } from "../../../../contract/index.ts";
import type { Call } from "../../../shared/api/call.ts";

const METHOD_KEY = "sarraf.costMethod";

export function readCostMethod(): CostMethod {
  try {
    const stored = globalThis.localStorage?.getItem(METHOD_KEY);
    return COST_METHODS.find((method) => method === stored) ?? DEFAULT_COST_METHOD;
  } catch {
    return DEFAULT_COST_METHOD;
  }
}

export function writeCostMethod(method: CostMethod): void {
  try {
    globalThis.localStorage?.setItem(METHOD_KEY, method);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export const loadPortfolio = (call: Call, currency: QuoteCurrency, method: CostMethod) => call("portfolio", { currency, method });
export const loadPortfolioValue = (call: Call, currency: QuoteCurrency, range: ValueRange) => call("portfolioValue", { currency, range });
export const loadReport = (call: Call, body: ReportBody) => call("buySellReport", body);

/** Saves text as a file through the browser's download (the report's CSV). */
export function downloadText(text: string, filename: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's print dialog (the report's print view is its print CSS, pnl.css). */
export const printPage = (): void => window.print();
