// The answers a signed-in page's HTML brings for its first calls (issue 12): the API client takes
// each once, for the same call and sign-in, while fresh; anything else goes to the network.
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ELEMENT_ID } from "../../../contract/firstAnswers.ts";
import { createApiClient } from "../../../src/shared/api/client.ts";
import { ApiError } from "../../../src/shared/api/errors.ts";
import { readFirstAnswers } from "../../../src/shared/api/firstAnswers.ts";

const balances = { status: "success", message: "OK", data: { balances: [{ asset: "BTC", available: "0.5" }] } };
const profile = { status: "success", message: "OK", data: { id: "u1", fullName: "Test" } };

function embed(content: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = content;
  document.body.append(element);
}
const answers = JSON.stringify([
  { path: "/user/balances", body: '{"currency":"USD"}', envelope: balances },
  { path: "/user/get-profile-by-id", body: "{}", envelope: profile },
  { path: "/user/broken", body: "{}", envelope: { status: "error", message: "no" } },
]);

afterEach(() => document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove());

/** A client whose every real request fails (nothing listens on port 9): an answer it returns came from the page. */
function client(token: string | null, firstAnswers: ReturnType<typeof readFirstAnswers>) {
  return createApiClient({ baseURL: "http://127.0.0.1:9/api/v1", getToken: () => token, getLocale: () => "en", onUnauthorized: () => {}, firstAnswers });
}

describe("first answers", () => {
  it("answer a call once, with the same path and body, without a request; the element is gone once read", async () => {
    embed(answers);
    const first = readFirstAnswers("tok");
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();
    const api = client("tok", first);
    expect(await api.post("/user/balances", { currency: "USD" })).toEqual(balances);
    expect(await api.post("/user/get-profile-by-id")).toEqual(profile);
    // Asked again, or in another body, or an answer that was not a success: the network.
    await expect(api.post("/user/balances", { currency: "USD" })).rejects.toMatchObject({ code: "network" });
    await expect(api.post("/user/broken")).rejects.toBeInstanceOf(ApiError);
  });

  it("are not used for another body, another sign-in, or after they went stale", async () => {
    embed(answers);
    let now = 0;
    const first = readFirstAnswers("tok", { now: () => now, freshForMs: 1000 });
    await expect(client("tok", first).post("/user/balances", { currency: "EUR" })).rejects.toMatchObject({ code: "network" });
    // Another sign-in drops them all, even for the first one's token afterwards.
    await expect(client("other", first).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });
    await expect(client("tok", first).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });

    embed(answers);
    const later = readFirstAnswers("tok", { now: () => now, freshForMs: 1000 });
    now = 1001;
    await expect(client("tok", later).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });
  });

  it("are none when the page has none, holds no readable list, or there is no sign-in", async () => {
    for (const content of ["{not json", '{"path":"/user/balances"}', "[1, null, {}]"]) {
      embed(content);
      await expect(client("tok", readFirstAnswers("tok")).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });
    }
    embed(answers);
    await expect(client(null, readFirstAnswers(null)).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });
    await expect(client("tok", readFirstAnswers("tok")).post("/user/get-profile-by-id")).rejects.toMatchObject({ code: "network" });
  });
});
