/**
 * A small line of the last days' prices, plain SVG; decorative, since the row it sits in says the
 * price and change in words. Prices are decimal strings; the drawing alone reads them as numbers.
 */
export function Sparkline({ points, direction }: { points: readonly string[]; direction: "up" | "down" | "flat" }) {
  const values = points.map(Number).filter(Number.isFinite);
  if (values.length < 2) return <svg className="sparkline" aria-hidden="true" viewBox="0 0 100 32" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  // At least 2 % of the price tall, so a stablecoin's hundredths of a cent draw as the flat line they are.
  const span = Math.max(max - min, ((max + min) / 2) * 0.02) || 1;
  const floor = (max + min) / 2 - span / 2;
  const line = values.map((value, i) => `${((i / (values.length - 1)) * 100).toFixed(2)},${(30 - ((value - floor) / span) * 28).toFixed(2)}`).join(" ");
  return (
    <svg className={`sparkline sparkline-${direction}`} aria-hidden="true" viewBox="0 0 100 32" preserveAspectRatio="none">
      <polyline points={line} fill="none" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
