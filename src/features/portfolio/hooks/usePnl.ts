import { useEffect, useState } from "react";
import type { CostMethod, Portfolio, PortfolioValue, QuoteCurrency, Report, ReportBody, ValueRange } from "../../../../contract/index.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import type { Call } from "../../../shared/api/call.ts";
import { downloadText, loadPortfolio, loadPortfolioValue, loadReport, printPage, readCostMethod, writeCostMethod } from "../services/pnl.ts";

/** One answer for the current arguments: null until it arrives (never an older one's), failed until a retry. */
function useAnswer<T>(load: (call: Call) => Promise<T>, key: string) {
  const call = useAppCall();
  const [state, setState] = useState<{ key: string; data: T | null; failed: boolean }>({ key, data: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load(call).then(
      (data) => current && setState({ key, data, failed: false }),
      () => current && setState({ key, data: null, failed: true }),
    );
    return () => {
      current = false;
    };
    // `key` names the arguments `load` closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, key, attempt]);
  const mine = state.key === key;
  return { data: mine ? state.data : null, failed: mine && state.failed, retry: () => setAttempt((n) => n + 1) };
}

/** The cost-basis method, remembered in this browser (FIFO unless changed). */
export function useCostMethod(): [CostMethod, (method: CostMethod) => void] {
  const [method, setMethod] = useState(readCostMethod);
  return [
    method,
    (next) => {
      writeCostMethod(next);
      setMethod(next);
    },
  ];
}

export const usePortfolio = (currency: QuoteCurrency, method: CostMethod) =>
  useAnswer<Portfolio>((call) => loadPortfolio(call, currency, method), `${currency}:${method}`);

export const usePortfolioValue = (currency: QuoteCurrency, range: ValueRange) =>
  useAnswer<PortfolioValue>((call) => loadPortfolioValue(call, currency, range), `${currency}:${range}`);

/** The report for a period, with its CSV download and the print view. */
export function useReport(body: ReportBody) {
  const answer = useAnswer<Report>((call) => loadReport(call, body), JSON.stringify(body));
  const { data } = answer;
  return { ...answer, download: () => data && downloadText(data.csv, data.filename), print: printPage };
}
