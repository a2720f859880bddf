// The answers a signed-in page's HTML brings for its first calls (issue 12): the typed call takes
// each once, for the same route, body and sign-in, while fresh; anything else goes to the network.
import { Suspense, useState } from "react";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ELEMENT_ID } from "../../../contract/firstAnswers.ts";
import { readFirstAnswers, REREAD_MS } from "../../../src/shared/api/firstAnswers.ts";
import { answeredNow, lazyCall, withFirstAnswers } from "../../../src/shared/api/lazyCall.ts";
import { profile } from "../../../machines/auth/auth.fixtures.ts";
import { balances as balancesOf } from "../../../machines/portfolio/portfolio.fixtures.ts";

// Real answers of the two routes, so what the page brings is what the server would send.
const balances = balancesOf("USD");

function embed(content: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = content;
  document.body.append(element);
}
const answers = JSON.stringify([
  { route: "balances", body: '{"currency":"USD"}', envelope: { status: "success", message: "OK", data: balances } },
  { route: "getProfile", body: "{}", envelope: { status: "success", message: "OK", data: profile } },
  { route: "currencyList", body: "{}", envelope: { status: "error", message: "no", data: null } },
]);

afterEach(() => document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove());

/** A call whose every real request fails (nothing listens on port 9): an answer it returns came from the page. */
function call(token: string | null, firstAnswers: ReturnType<typeof readFirstAnswers>) {
  const getToken = () => token;
  return withFirstAnswers(
    lazyCall({ baseURL: "http://127.0.0.1:9/api/v1", getToken, getLocale: () => "en", onUnauthorized: () => {} }),
    firstAnswers,
    getToken,
  );
}
const network = { code: "network" };

describe("first answers", () => {
  it("answer a call once, with the same route and body, without a request; the element is gone once read", async () => {
    embed(answers);
    const first = readFirstAnswers("tok");
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();
    const api = call("tok", first);
    expect(await api("balances", { currency: "USD" })).toEqual(balances);
    expect(await api("getProfile", {})).toEqual(profile);
    // Asked again, or an answer that was not a success: the network.
    await expect(api("balances", { currency: "USD" })).rejects.toMatchObject(network);
    await expect(api("currencyList", {})).rejects.toMatchObject(network);
  });

  it("are not used for another body, another sign-in, or after they went stale", async () => {
    embed(answers);
    let now = 0;
    const first = readFirstAnswers("tok", { now: () => now, freshForMs: 1000 });
    await expect(call("tok", first)("balances", { currency: "EUR" })).rejects.toMatchObject(network);
    // Another sign-in drops them all, even for the first one's token afterwards.
    await expect(call("other", first)("getProfile", {})).rejects.toMatchObject(network);
    await expect(call("tok", first)("getProfile", {})).rejects.toMatchObject(network);

    embed(answers);
    const later = readFirstAnswers("tok", { now: () => now, freshForMs: 1000 });
    now = 1001;
    await expect(call("tok", later)("getProfile", {})).rejects.toMatchObject(network);
  });

  it("are none when the page has none, holds no readable list, or there is no sign-in", async () => {
    for (const content of ["{not json", '{"route":"balances"}', "[1, null, {}]"]) {
      embed(content);
      await expect(call("tok", readFirstAnswers("tok"))("getProfile", {})).rejects.toMatchObject(network);
    }
    embed(answers);
    await expect(call(null, readFirstAnswers(null))("getProfile", {})).rejects.toMatchObject(network);
    await expect(call("tok", readFirstAnswers("tok"))("getProfile", {})).rejects.toMatchObject(network);
  });

  it("from a public content page (a post, the blog's list) are anyone's: taken with or without a sign-in, while a signed-in answer still needs one", async () => {
    const post = { slug: "fees-explained", title: "Fees" };
    const mixed = JSON.stringify([
      { route: "blogPost", body: '{"slug":"fees-explained","language":"en"}', envelope: { status: "success", message: "OK", data: post } },
      { route: "getProfile", body: "{}", envelope: { status: "success", message: "OK", data: profile } },
    ]);
    embed(mixed);
    const visitor = call(null, readFirstAnswers(null));
    expect(await visitor("blogPost", { slug: "fees-explained", language: "en" })).toEqual(post);
    await expect(visitor("getProfile", {})).rejects.toMatchObject(network);
    embed(mixed);
    const signedIn = call("tok", readFirstAnswers("tok"));
    expect(await signedIn("blogPost", { slug: "fees-explained", language: "en" })).toEqual(post);
    expect(await signedIn("getProfile", {})).toEqual(profile);
  });

  it("taken by a render, are there again for a redone render of it for a moment, but a call never gets one twice", async () => {
    embed(answers);
    let now = 0;
    const api = call("tok", readFirstAnswers("tok", { now: () => now }));
    expect(answeredNow(api, "balances", { currency: "USD" })).toEqual(balances);
    now = REREAD_MS;
    // React threw the render away (an interrupted concurrent render) and renders the component again.
    expect(answeredNow(api, "balances", { currency: "USD" })).toEqual(balances);
    await expect(api("balances", { currency: "USD" })).rejects.toMatchObject(network);
    expect(answeredNow(api, "balances", { currency: "EUR" })).toBeUndefined();
    now = REREAD_MS + 1;
    expect(answeredNow(api, "balances", { currency: "USD" })).toBeUndefined();
  });

  it("reach a component whose first render React threw away: a sibling suspended, and the whole mount was redone", async () => {
    embed(answers);
    const api = call("tok", readFirstAnswers("tok"));
    function Total() {
      const [first] = useState(() => answeredNow(api, "balances", { currency: "USD" }));
      return <p>{first ? `total ${first.total}` : "asking"}</p>;
    }
    let ready = false;
    let resolve = () => {};
    const loading = new Promise<void>((done) => (resolve = done)).then(() => void (ready = true));
    function Chart() {
      if (!ready) throw loading; // a lazy part, as a page's chunk is: the first render of this mount is thrown away
      return <p>chart</p>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Total />
        <Chart />
      </Suspense>,
    );
    resolve();
    await screen.findByText("chart");
    expect(screen.getByText(`total ${balances.total}`)).toBeInTheDocument();
  });
});
