import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { KycDetails, KycSubmitBody } from "../../../contract/index.ts";
import { kycMachine } from "../../../machines/kyc/kyc.machine.ts";
import { kycDetails, kycForm, photoIds } from "../../../machines/kyc/kyc.fixtures.ts";
import { KYC_POLL_MS, type KycPhotoIds, type KycPhotos } from "../../../machines/kyc/kyc.types.ts";

interface Deferred<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fake calls whose answers the test releases one at a time; a simulated clock for the polls. */
function start() {
  const loads: Deferred<void, KycDetails>[] = [];
  const uploads: Deferred<KycPhotos, KycPhotoIds>[] = [];
  const submits: Deferred<KycSubmitBody, KycDetails>[] = [];
  const deferred =
    <I, O>(list: Deferred<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const loadDetails = vi.fn(deferred(loads));
  const clock = new SimulatedClock();
  const machine = kycMachine.provide({
    actors: { loadDetails: fromPromise(loadDetails), uploadPhotos: fromPromise(deferred(uploads)), submit: fromPromise(deferred(submits)) },
  });
  const actor = createActor(machine, { clock }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  const until = (tag: string) => waitFor(actor, (s) => s.hasTag(tag as never));
  return { actor, clock, loads, uploads, submits, loadDetails, tags, until };
}

const photo = new Blob(["jpeg"], { type: "image/jpeg" });
const submit = { type: "kyc.submit", form: kycForm, photos: { front: photo, back: null, selfie: photo } } as const;

describe("the KYC page's machine", () => {
  it("shows the form when nothing was submitted, uploads the photos, submits their ids with the form, and waits", async () => {
    const k = start();
    expect(k.tags()).toEqual(["loading"]);
    k.loads[0]!.resolve(kycDetails("notStarted"));
    await k.until("form");
    k.actor.send(submit);
    expect(k.tags()).toEqual(["busy", "form", "uploading"]);
    expect(k.uploads[0]!.input).toEqual({ front: photo, back: null, selfie: photo });
    k.uploads[0]!.resolve(photoIds);
    await k.until("submitting");
    expect(k.submits[0]!.input).toEqual({ ...kycForm, ...photoIds });
    k.submits[0]!.resolve(kycDetails("pending"));
    await k.until("pending");
    expect(k.actor.getSnapshot().context).toMatchObject({ draft: null, photoIds: null, failure: null });
  });

  it("asks again every KYC_POLL_MS while pending, through failed asks, until the outcome", async () => {
    const k = start();
    k.loads[0]!.resolve(kycDetails("pending"));
    await k.until("pending");
    k.clock.increment(KYC_POLL_MS - 1);
    expect(k.loadDetails).toHaveBeenCalledTimes(1);
    k.clock.increment(1);
    expect(k.tags()).toEqual(["checking", "pending"]);
    k.loads[1]!.reject({ code: "network", message: "Failed to fetch" });
    await waitFor(k.actor, (s) => !s.hasTag("checking"));
    expect(k.tags()).toEqual(["pending"]);
    k.clock.increment(KYC_POLL_MS);
    k.loads[2]!.resolve(kycDetails("pending"));
    await waitFor(k.actor, (s) => !s.hasTag("checking"));
    k.clock.increment(KYC_POLL_MS);
    k.loads[3]!.resolve(kycDetails("approved"));
    await k.until("approved");
    expect(k.loadDetails).toHaveBeenCalledTimes(4);
    // Nothing more is asked once decided.
    k.clock.increment(10 * KYC_POLL_MS);
    expect(k.loadDetails).toHaveBeenCalledTimes(4);
  });

  it("shows a rejection that allows a retry, and a new form on startOver; a final one offers none", async () => {
    const k = start();
    k.loads[0]!.resolve(kycDetails("rejected", { reasons: ["selfieMismatch"] }));
    await k.until("rejected");
    expect(k.tags()).toEqual(["rejected", "retryAllowed"]);
    expect(k.actor.getSnapshot().can({ type: "kyc.startOver" })).toBe(true);
    k.actor.send({ type: "kyc.startOver" });
    expect(k.tags()).toEqual(["form"]);

    const f = start();
    f.loads[0]!.resolve(kycDetails("rejected", { retry: false }));
    await f.until("rejected");
    expect(f.tags()).toEqual(["final", "rejected"]);
    expect(f.actor.getSnapshot().can({ type: "kyc.startOver" })).toBe(false);
  });

  it("keeps the form with the failure when the upload or the submit fails, and reads the state again when the form is out of date", async () => {
    const k = start();
    k.loads[0]!.resolve(kycDetails("notStarted"));
    await k.until("form");
    k.actor.send(submit);
    k.uploads[0]!.reject({ code: "badRequest", message: "not an image", data: { reason: "validation", fieldKeys: { file: "field.invalid" } } });
    await waitFor(k.actor, (s) => !s.hasTag("busy"));
    expect(k.tags()).toEqual(["form"]);
    expect(k.actor.getSnapshot().context.failure).toMatchObject({ flow: "upload", code: "badRequest" });

    k.actor.send(submit);
    expect(k.actor.getSnapshot().context.failure).toBeNull();
    k.uploads[1]!.resolve(photoIds);
    await k.until("submitting");
    k.submits[0]!.reject({ code: "badRequest", message: "bad", data: { reason: "validation", fieldKeys: { dateOfBirth: "kyc.underage" } } });
    await waitFor(k.actor, (s) => !s.hasTag("busy"));
    expect(k.actor.getSnapshot().context.failure).toMatchObject({ flow: "submit", fieldKeys: { dateOfBirth: "kyc.underage" } });

    k.actor.send(submit);
    k.uploads[2]!.resolve(photoIds);
    await k.until("submitting");
    k.submits[1]!.reject({ code: "conflict", message: "in review", data: { reason: "kycInReview" } });
    await k.until("loading");
    k.loads[1]!.resolve(kycDetails("pending"));
    await k.until("pending");
  });

  it("says the state could not be read, and asks again on reload", async () => {
    const k = start();
    k.loads[0]!.reject({ code: "network", message: "Failed to fetch" });
    await k.until("loadFailed");
    expect(k.actor.getSnapshot().context.failure).toMatchObject({ flow: "load", code: "network" });
    k.actor.send({ type: "kyc.reload" });
    expect(k.tags()).toEqual(["loading"]);
    k.loads[1]!.resolve(kycDetails("approved"));
    await k.until("approved");
    expect(k.actor.getSnapshot().context.failure).toBeNull();
  });
});
