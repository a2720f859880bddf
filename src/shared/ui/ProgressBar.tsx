import { useSelector } from "@xstate/react";
import { useAppActor } from "../actors/context.tsx";

/** The thin bar at the top during route changes; decorative, so hidden from assistive tech. */
export function ProgressBar() {
  // The phase is a CSS hook (idle, loading, finishing), read off the machine's tags.
  const phase = useSelector(useAppActor("routeProgress"), (state) => (state.hasTag("loading") ? "loading" : state.hasTag("finishing") ? "finishing" : "idle"));
  return <div className="progress-bar" data-phase={phase} aria-hidden="true" />;
}
