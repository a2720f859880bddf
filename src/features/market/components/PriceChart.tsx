import { useEffect, useRef, useState } from "react";
import { Trans } from "@lingui/react/macro";
import type * as LightweightCharts from "lightweight-charts";
import type { PricePoint } from "../lib/chart.ts";
import { canvasText, crosshairTimeText, tickMarkText, zonedPoints } from "../lib/chartLocale.ts";
import { dateLocale } from "../../../shared/i18n/dates.ts";

type Charts = typeof LightweightCharts;

/** Whether this browser can draw on a canvas at all (a very old one, or a test's DOM, cannot). */
const canDraw = () => typeof document !== "undefined" && document.createElement("canvas").getContext?.("2d") != null;

/**
 * A price chart drawn by TradingView's lightweight-charts (a canvas, about 50 KB gzip), loaded
 * only when a chart is shown. The canvas is decorative and hidden from assistive technology, so it
 * holds nothing focusable: its logo link is off and the page credits TradingView in text beside it
 * (ChartAttribution). The figure's caption says the price, the change, and the range's high and
 * low. Time runs left to right in both languages; dates and prices follow the page's language.
 */
export function PriceChart({
  points,
  direction,
  formatPrice,
  locale,
}: {
  points: readonly PricePoint[];
  direction: "up" | "down" | "flat";
  formatPrice: (value: number) => string;
  locale: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [charts, setCharts] = useState<Charts | null>(null);
  const [failed, setFailed] = useState(false);
  const chart = useRef<{ api: ReturnType<Charts["createChart"]>; series: ReturnType<ReturnType<Charts["createChart"]>["addSeries"]> } | null>(null);
  const format = useRef(formatPrice);
  format.current = formatPrice;

  useEffect(() => {
    let current = true;
    if (!canDraw()) setFailed(true);
    else
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
      layout: { background: { type: charts.ColorType.Solid, color: "transparent" }, textColor: colour("--muted", "#9aa7bd"), attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: colour("--border", "#26334f") } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
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
    chart.current?.api.applyOptions({
      localization: {
        locale: dateLocale(locale),
        priceFormatter: (value: number) => canvasText(format.current(value)),
        timeFormatter: (time: unknown) => crosshairTimeText(time, locale),
      },
      timeScale: { tickMarkFormatter: (time: unknown, type: number) => tickMarkText(time, type, locale) },
    });
  }, [charts, locale]);

  useEffect(() => {
    const drawn = chart.current;
    if (!drawn || !container.current) return;
    const style = getComputedStyle(container.current);
    const line = style.getPropertyValue(direction === "down" ? "--down" : "--up").trim() || "#16c784";
    drawn.series.applyOptions({ lineColor: line, topColor: `${line}55`, bottomColor: `${line}05` });
    drawn.series.setData(zonedPoints(points).map((point) => ({ time: point.time as never, value: point.value })));
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

/**
 * The credit lightweight-charts' licence asks for: its notice ("TradingView Lightweight Charts™,
 * Copyright (c) 2025 TradingView, Inc.") and a link to tradingview.com, as text a screen reader and
 * a keyboard reach, outside the hidden canvas.
 */
export function ChartAttribution() {
  return (
    <p className="chart-attribution">
      <Trans>
        Chart by{" "}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" dir="ltr">
          TradingView Lightweight Charts™
        </a>
      </Trans>
    </p>
  );
}
