import { useEffect, useMemo, useState } from "react";
import type { CostMethod, Portfolio, PortfolioValue, QuoteCurrency, Report, ReportBody, ValueRange } from "../../../../contract/index.ts";
import { figuresMachine, type FiguresArgs } from "../../../../machines/portfolio/figures.machine.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useInSession, useSelector } from "../../../shared/actors/hooks.ts";
import type { Call } from "../../../shared/api/call.ts";
import {
  downloadText,
  figuresImplementations,
  loadPortfolio,
  loadPortfolioValue,
  loadReport,
  printPage,
  readCostMethod,
  writeCostMethod,
} from "../services/pnl.ts";

/**
 * One panel's figures for `args`, through the figures machine: null until the answer for these
 * arguments arrives (never an older set's), failed until a retry.
 */
function useFigures<T>(load: (call: Call, args: FiguresArgs) => Promise<T>, args: FiguresArgs) {
  const call = useAppCall();
  // `load` is one of the module's loaders below: the machine is made once per client.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const machine = useMemo(() => figuresMachine.provide(figuresImplementations(call, load)), [call]);
  const actor = useInSession(useActorRef(machine, { input: { args } }));
  const key = JSON.stringify(args);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.args) !== key) actor.send({ type: "figures.args", args: JSON.parse(key) as FiguresArgs });
  }, [actor, key]);
  const data = useSelector(actor, (state) => (state.hasTag("shown") && JSON.stringify(state.context.args) === key ? (state.context.data as T) : null));
  const failed = useSelector(actor, (state) => state.hasTag("failed") && JSON.stringify(state.context.args) === key);
  return { data, failed, retry: () => actor.send({ type: "figures.retry" }) };
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

export const usePortfolio = (currency: QuoteCurrency, method: CostMethod) => useFigures<Portfolio>(loadPortfolio, { currency, method });

export const usePortfolioValue = (currency: QuoteCurrency, range: ValueRange) => useFigures<PortfolioValue>(loadPortfolioValue, { currency, range });

/** The report for a period, with its CSV download and the print view. */
export function useReport(body: ReportBody) {
  const answer = useFigures<Report>(loadReport, { ...body });
  const { data } = answer;
  return { ...answer, download: () => data && downloadText(data.csv, data.filename), print: printPage };
}
