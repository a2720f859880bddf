import { useSelector } from "@xstate/react";
import { useAppActor } from "../actors/context.tsx";

/** The thin bar at the top during route changes; decorative, so hidden from assistive tech. */
export function ProgressBar() {
  const phase = useSelector(useAppActor("routeProgress"), (state) => state.value);
  return <div className="progress-bar" data-phase={phase} aria-hidden="true" />;
}
