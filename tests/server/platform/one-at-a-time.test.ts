import type pg from "pg";
import { describe, expect, it } from "vitest";
import { oneQueryAtATime } from "../../../server/platform/db/one-at-a-time.ts";

/** A connection that answers each query after `ms`, and records how many ran at once. */
function fakeConnection(ms = 5) {
  let running = 0;
  const seen = { most: 0, order: [] as string[] };
  const connection = {
    query(text: unknown, ...rest: unknown[]) {
      if (text === undefined) throw new TypeError("Client was passed a null or undefined query");
      if (typeof (text as { submit?: unknown }).submit === "function") return text;
      running++;
      seen.most = Math.max(seen.most, running);
      seen.order.push(String(text));
      const answer = new Promise((resolve, reject) =>
        setTimeout(() => {
          running--;
          if (String(text).startsWith("bad")) reject(new Error(`refused ${String(text)}`));
          else resolve({ rows: [{ text }] });
        }, ms),
      );
      const callback = rest.at(-1);
      if (typeof callback !== "function") return answer;
      answer.then(
        (result) => callback(null, result),
        (error: unknown) => callback(error),
      );
      return undefined;
    },
  };
  oneQueryAtATime(connection as unknown as pg.Client);
  return { query: connection.query.bind(connection) as (...args: unknown[]) => unknown, seen };
}

describe("one query at a time on a connection (pg 9 refuses a query on a busy one)", () => {
  it("runs queries asked for at once one after another, in order, each answering its own", async () => {
    const { query, seen } = fakeConnection();
    const answers = await Promise.all(["a", "b", "c"].map((text) => query(text) as Promise<{ rows: { text: string }[] }>));
    expect(answers.map((answer) => answer.rows[0]!.text)).toEqual(["a", "b", "c"]);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(["a", "b", "c"]);
  });

  it("keeps the turn across callbacks and promises, and a refusal does not stop the queue", async () => {
    const { query, seen } = fakeConnection();
    const viaCallback = new Promise((resolve) => query("first", [], (error: unknown, result: unknown) => resolve({ error, result })));
    const refused = (query("bad one") as Promise<unknown>).catch((error: Error) => error.message);
    const last = query("last") as Promise<{ rows: { text: string }[] }>;
    expect(await viaCallback).toMatchObject({ error: null, result: { rows: [{ text: "first" }] } });
    expect(await refused).toBe("refused bad one");
    expect((await last).rows[0]!.text).toBe("last");
    expect(seen.most).toBe(1);
  });

  it("lets the next query through when one is refused before it is sent, and passes a Submittable straight on", async () => {
    const { query, seen } = fakeConnection();
    const running = query("running") as Promise<unknown>;
    // Waits for "running", then throws as pg does: the waiting caller hears it as a rejection.
    await expect(query(undefined) as Promise<unknown>).rejects.toThrow(/undefined query/);
    await running;
    const cursor = { submit: () => {} };
    expect(query(cursor)).toBe(cursor);
    expect(((await query("after")) as { rows: { text: string }[] }).rows[0]!.text).toBe("after");
    expect(seen.most).toBe(1);
  });
});
