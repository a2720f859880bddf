// The embedded source's floating exchange rates: each currency's log rate is a mean-reverting walk
// with one step a day (at 00:00 UTC), its noise a hash of (seed, currency, day) as the prices' is,
// so a day's rate is the same across restarts and the history agrees with what was seen live.

/** EUR/USD moves about 7 % a year; a deviation from the mean halves in 90 days. */
const FX_VOLATILITY = 0.07;
const FX_THETA = Math.LN2 / 90;
const FX_STREAM = 5000;

/** A standard normal draw for (seed, stream, step), the simulator's. */
type Normal = (seed: number, stream: number, step: number) => number;

export function createFxWalk(seed: number, means: Readonly<Record<string, number>>, normal: Normal) {
  const currencies = Object.entries(means).filter(([, rate]) => rate > 0);
  /** Each currency's log rate by day since the simulator's epoch. */
  const daily = new Map<string, number[]>();
  const sigma = FX_VOLATILITY / Math.sqrt(365);
  function rateOn(index: number, currency: string, mean: number, day: number): number {
    let days = daily.get(currency);
    if (!days) daily.set(currency, (days = [Math.log(mean)]));
    while (days.length <= day) {
      const d = days.length - 1;
      days.push(days[d]! + FX_THETA * (Math.log(mean) - days[d]!) + sigma * normal(seed, FX_STREAM + index, d));
    }
    return Math.exp(days[day]!);
  }
  return {
    /** Units of each floating currency per USD on a day since the epoch. */
    on: (day: number): Record<string, number> =>
      Object.fromEntries(currencies.map(([currency, mean], index) => [currency, rateOn(index, currency, mean, day)])),
    clear: () => daily.clear(),
  };
}
