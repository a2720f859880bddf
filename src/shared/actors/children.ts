import type { AnyActorRef, Subscription } from "xstate";

interface Parent<TChildren> {
  subscribe(next: (snapshot: { children: TChildren }) => void): Subscription;
}

/**
 * Follows an invoked child across its lives: `listen` runs for each instance the parent starts
 * under `id` (auth starts its account child anew at every sign-in), and what it returned is
 * undone when that instance goes. A machine cannot react to what its child emits; the
 * composition root can, through this.
 */
export function followChild<TChildren extends Record<string, AnyActorRef | undefined>, K extends keyof TChildren>(
  parent: Parent<TChildren>,
  id: K,
  listen: (child: NonNullable<TChildren[K]>) => Subscription,
): Subscription {
  let current: TChildren[K] | undefined;
  let listening: Subscription | undefined;
  const following = parent.subscribe(({ children }) => {
    const child = children[id];
    if (child === current) return;
    listening?.unsubscribe();
    current = child;
    listening = child ? listen(child) : undefined;
  });
  return {
    unsubscribe() {
      following.unsubscribe();
      listening?.unsubscribe();
    },
  };
}
