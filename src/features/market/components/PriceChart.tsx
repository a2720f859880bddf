import { useEffect, useRef, useState } from "react";
import { Trans } from "@lingui/react/macro";
import type * as LightweightCharts from "lightweight-charts";
import type { PricePoint } from "../lib/chart.ts";

type Charts = typeof LightweightCharts;

/**
 * A price chart drawn by TradingView's lightweight-charts (a canvas, about 50 KB gzip), loaded
 * only when a chart is shown. The canvas is decorative: the figure's caption says the price, the
 * change, and the range's high and low. Time runs left to right in both languages.
 */
export function PriceChart({
  points,
  direction,
  formatPrice,
}: {
  points: readonly PricePoint[];
  direction: "up" | "down" | "flat";
  formatPrice: (value: number) => string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [charts, setCharts] = useState<Charts | null>(null);
  const [failed, setFailed] = useState(false);
  const chart = useRef<{ api: ReturnType<Charts["createChart"]>; series: ReturnType<ReturnType<Charts["createChart"]>["addSeries"]> } | null>(null);
  const format = useRef(formatPrice);
  format.current = formatPrice;

  useEffect(() => {
    let current = true;
    import("lightweight-charts").then(
      (module) => current && setCharts(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!charts || !container.current) return;
    const style = getComputedStyle(container.current);
    const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const api = charts.createChart(container.current, {
      autoSize: true,
      layout: { background: { type: charts.ColorType.Solid, color: "transparent" }, textColor: colour("--muted", "#9aa7bd"), attributionLogo: true },
      grid: { vertLines: { visible: false }, horzLines: { color: colour("--border", "#26334f") } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      localization: { priceFormatter: (value: number) => format.current(value) },
      handleScroll: false,
      handleScale: false,
    });
    const series = api.addSeries(charts.AreaSeries, { lineWidth: 2, priceLineVisible: false });
    chart.current = { api, series };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, [charts]);

  useEffect(() => {
    const drawn = chart.current;
    if (!drawn || !container.current) return;
    const style = getComputedStyle(container.current);
    const line = style.getPropertyValue(direction === "down" ? "--down" : "--up").trim() || "#16c784";
    drawn.series.applyOptions({ lineColor: line, topColor: `${line}55`, bottomColor: `${line}05` });
    drawn.series.setData(points.map((point) => ({ time: point.time as never, value: point.value })));
    drawn.api.timeScale().fitContent();
  }, [charts, points, direction]);

  return (
    <div className="price-chart" dir="ltr" aria-hidden="true" ref={container} data-chart={charts ? "drawn" : "loading"} data-points={points.length}>
      {failed && (
        <p className="price-chart-failed">
          <Trans>The chart could not be loaded.</Trans>
        </p>
      )}
    </div>
  );
}
