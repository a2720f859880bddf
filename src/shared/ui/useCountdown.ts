import { useEffect, useState } from "react";

/** When each wait was first shown: a view that unmounts and comes back (another tab of the form) goes on counting. */
const started = new WeakMap<object, number>();

/**
 * Seconds left of a wait of `seconds` that began when `origin` (the failure that asked for it)
 * was first shown, ticking each second down to 0; null when there is no wait.
 */
export function useCountdown(seconds: number | null, origin: object | null): number | null {
  const [tick, setTick] = useState<{ origin: object | null; left: number | null }>({ origin, left: seconds });
  useEffect(() => {
    if (seconds === null || origin === null) return;
    const start = started.get(origin) ?? Date.now();
    started.set(origin, start);
    const left = () => Math.max(0, seconds - Math.floor((Date.now() - start) / 1000));
    setTick({ origin, left: left() });
    if (left() === 0) return;
    const timer = setInterval(() => {
      setTick({ origin, left: left() });
      if (left() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, origin]);
  // A new wait shows its full length until its first tick.
  return tick.origin === origin ? tick.left : seconds;
}
