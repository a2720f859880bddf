import type { PriceHistory } from "../../../../contract/index.ts";

/** A point as the chart draws it: a Unix time in seconds and a number (drawing only; prices stay strings elsewhere). */
export interface PricePoint {
  time: number;
  value: number;
}

export function chartPoints(history: Pick<PriceHistory, "points">): PricePoint[] {
  const points: PricePoint[] = [];
  for (const { t, p } of history.points) {
    const value = Number(p);
    // The chart needs strictly increasing times.
    if (Number.isFinite(value) && (points.length === 0 || t > points[points.length - 1]!.time)) points.push({ time: t, value });
  }
  return points;
}
