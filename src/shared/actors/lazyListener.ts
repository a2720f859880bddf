import type { EventObject } from "xstate";

/** Delivers events until the returned function is called. */
export type Listen<E extends EventObject> = (sendBack: (event: E) => void) => () => void;

/**
 * A listener whose code loads when it starts listening, not before first paint: what it would
 * have heard before its module arrived is lost, which is fine for activity and popup answers
 * (the machines record their own start).
 */
export function lazyListener<E extends EventObject>(load: () => Promise<Listen<E>>): Listen<E> {
  return (sendBack) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void load().then((listen) => {
      if (!stopped) stop = listen(sendBack);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  };
}
