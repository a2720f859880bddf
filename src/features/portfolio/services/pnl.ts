// The profit-and-loss calls and the cost-basis method this browser chose (one method everywhere:
// the page, the report and its CSV ask the server with the same one).
import { COST_METHODS, DEFAULT_COST_METHOD, type CostMethod, type QuoteCurrency, type ReportBody, type ValueRange } from "../../../../contract/index.ts";
import { fromPromise } from "xstate";
import type { FiguresArgs } from "../../../../machines/portfolio/figures.machine.ts";
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

// Each panel's call, given the arguments its figures machine holds (the hooks pass exactly these).
export const loadPortfolio = (call: Call, args: FiguresArgs) => call("portfolio", args as { currency: QuoteCurrency; method: CostMethod });
export const loadPortfolioValue = (call: Call, args: FiguresArgs) => call("portfolioValue", args as { currency: QuoteCurrency; range: ValueRange });
export const loadReport = (call: Call, args: FiguresArgs) => call("buySellReport", args as ReportBody);

/** The figures machine's effect: one call of `load` per set of arguments. */
export const figuresImplementations = (call: Call, load: (call: Call, args: FiguresArgs) => Promise<unknown>) => ({
  actors: { load: fromPromise<unknown, FiguresArgs>(({ input }) => load(call, input)) },
});

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
