import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { ContactBody } from "../../../contract/index.ts";
import { contactFormMachine } from "../../../machines/contact/contactForm.machine.ts";
import { contactFields, failed, formToken } from "../../../machines/contact/contact.fixtures.ts";
import type { FormToken } from "../../../machines/contact/contact.types.ts";

interface Deferred<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fake calls the test answers one at a time, and a simulated clock for the held sends. */
function start() {
  const starts: Deferred<void, FormToken>[] = [];
  const sends: Deferred<ContactBody, unknown>[] = [];
  const deferred =
    <I, O>(list: Deferred<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const clock = new SimulatedClock();
  const machine = contactFormMachine.provide({ actors: { startForm: fromPromise(deferred(starts)), sendMessage: fromPromise(deferred(sends)) } });
  const actor = createActor(machine, { clock }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  const until = (tag: string) => waitFor(actor, (s) => s.hasTag(tag as never));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, clock, starts, sends, tags, until, settle };
}

const submit = { type: "contact.submit", fields: contactFields, honeypot: "" } as const;

describe("the contact form's machine", () => {
  it("sends the fields with the form's token and the honeypot as found, then thanks", async () => {
    const m = start();
    m.starts[0]!.resolve(formToken);
    await waitFor(m.actor, (s) => s.context.formToken !== null);
    m.actor.send({ ...submit, honeypot: "filled by a robot" });
    expect(m.tags()).toEqual(["busy", "form"]);
    expect(m.sends[0]!.input).toEqual({ ...contactFields, formToken: formToken.formToken, website: "filled by a robot" });
    m.sends[0]!.resolve({ received: true });
    await m.until("sent");
    m.actor.send({ type: "contact.another" });
    expect(m.tags()).toEqual(["form"]);
  });

  it("holds a send the server found too quick for exactly the wait it named, then sends it again by itself", async () => {
    const m = start();
    m.starts[0]!.resolve(formToken);
    await waitFor(m.actor, (s) => s.context.formToken !== null);
    m.actor.send(submit);
    m.sends[0]!.reject(failed("invalid", "formTooFast", { retryAfter: 2 }));
    await waitFor(m.actor, (s) => s.context.holdMs === 2_000);
    expect(m.tags()).toEqual(["busy", "form"]);
    m.clock.increment(1_999);
    await m.settle();
    expect(m.sends).toHaveLength(1);
    m.clock.increment(1);
    await waitFor(m.actor, () => m.sends.length === 2);
    expect(m.sends[1]!.input).toEqual(m.sends[0]!.input);
    expect(m.actor.getSnapshot().context.failure).toBeNull();
  });

  it("renews an expired token, holds for the minimum, and sends with the new token", async () => {
    const m = start();
    m.starts[0]!.resolve(formToken);
    await waitFor(m.actor, (s) => s.context.formToken !== null);
    m.actor.send(submit);
    m.sends[0]!.reject(failed("invalid", "formExpired"));
    await waitFor(m.actor, () => m.starts.length === 2);
    m.starts[1]!.resolve({ formToken: "new-token", minSeconds: 3 });
    await waitFor(m.actor, (s) => s.context.formToken?.formToken === "new-token");
    m.clock.increment(2_999);
    await m.settle();
    expect(m.sends).toHaveLength(1);
    m.clock.increment(1);
    await waitFor(m.actor, () => m.sends.length === 2);
    expect(m.sends[1]!.input.formToken).toBe("new-token");
  });

  it("keeps a refusal to show beside the form, and a send before the token arrived waits for one", async () => {
    const m = start();
    m.actor.send(submit);
    expect(m.tags()).toEqual(["busy", "form"]);
    m.starts[1]!.resolve(formToken);
    await waitFor(m.actor, (s) => s.context.formToken !== null);
    m.clock.increment(3_000);
    await waitFor(m.actor, () => m.sends.length === 1);
    m.sends[0]!.reject(failed("rateLimited", "rateLimited", { retryAfter: 600 }));
    await m.until("form");
    await waitFor(m.actor, (s) => !s.hasTag("busy"));
    expect(m.actor.getSnapshot().context.failure).toMatchObject({ flow: "send", reason: "rateLimited", retryAfter: 600 });
  });

  it("offers a retry when the form could not be readied", async () => {
    const m = start();
    m.starts[0]!.reject(failed("network"));
    await m.until("openFailed");
    m.actor.send({ type: "contact.retry" });
    expect(m.tags()).toEqual(["form", "opening"]);
  });
});
