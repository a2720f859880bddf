import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type * as LightweightCharts from "lightweight-charts";
import { dateLocale } from "../../../shared/i18n/dates.ts";
import { canvasText, tickMarkText } from "../../market/index.ts";

type Charts = typeof LightweightCharts;
export interface ValuePoint {
  /** Unix seconds of the day (UTC). */
  time: number;
  value: number;
}

/**
 * The total's value over time, drawn by the chart library the market's charts use, loaded only when
 * shown. The canvas is decorative (aria-hidden): the figure's caption and its table say the values.
 */
export function ValueChart({ points, format }: { points: readonly ValuePoint[]; format: (value: number) => string }) {
  const container = useRef<HTMLDivElement>(null);
  const [charts, setCharts] = useState<Charts | null>(null);
  const [failed, setFailed] = useState(false);
  const drawn = useRef<{ api: ReturnType<Charts["createChart"]>; series: ReturnType<ReturnType<Charts["createChart"]>["addSeries"]> } | null>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
  const { i18n } = useLingui();
  const locale = i18n.locale;

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
      layout: { background: { type: charts.ColorType.Solid, color: "transparent" }, textColor: colour("--muted", "#9aa7bd"), attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: colour("--border", "#26334f") } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const line = colour("--up", "#16c784");
    const series = api.addSeries(charts.AreaSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      lineColor: line,
      topColor: `${line}55`,
      bottomColor: `${line}05`,
    });
    drawn.current = { api, series };
    return () => {
      drawn.current = null;
      api.remove();
    };
  }, [charts]);

  // Axis and crosshair in the page's language (month names in Arabic), figures by the app's formatter.
  useEffect(() => {
    drawn.current?.api.applyOptions({
      localization: {
        locale: dateLocale(locale),
        priceFormatter: (value: number) => canvasText(formatRef.current(value)),
        // Daily values: the day under the crosshair, no hour.
        timeFormatter: (time: unknown) => tickMarkText(time, 2, locale) ?? "",
      },
      timeScale: { tickMarkFormatter: (time: unknown, type: number) => tickMarkText(time, type, locale) },
    });
  }, [charts, locale]);

  useEffect(() => {
    if (!drawn.current) return;
    drawn.current.series.setData(points.map((point) => ({ time: point.time as never, value: point.value })));
    drawn.current.api.timeScale().fitContent();
  }, [charts, points]);

  return (
    <div className="price-chart value-chart" dir="ltr" aria-hidden="true" ref={container} data-chart={charts ? "drawn" : "loading"} data-points={points.length}>
      {failed && (
        <p className="price-chart-failed">
          <Trans>The chart could not be loaded.</Trans>
        </p>
      )}
    </div>
  );
}
