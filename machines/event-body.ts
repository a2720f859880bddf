// Events that start a call carry the contract's request body; the call's input is that body.
import { assertEvent, type EventObject, type ExtractEvent } from "xstate";

type Body<E extends EventObject, T extends E["type"]> = Omit<ExtractEvent<E, T>, "type">;

/**
 * `bodyOf("auth.login")` is an invoke `input` mapper: the payload of the event that entered the
 * state, without its type. assertEvent checks the event at run time and narrows it for the types.
 */
export function bodiesOf<E extends EventObject>() {
  return <T extends E["type"]>(type: T) =>
    ({ event }: { event: E }): Body<E, T> => {
      assertEvent(event, type);
      const { type: _type, ...body } = event;
      return body;
    };
}

/** A done event's output, as the typed `params` of the action or guard given it. */
export const output = <T>({ event }: { event: { output: T } }): T => event.output;

/** A failed invoke's error, as the `params` of the action or guard given it. */
export const errorOf = ({ event }: { event: { error: unknown } }): unknown => event.error;
