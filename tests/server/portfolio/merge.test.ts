// The history's merge of several features' sources (sells, withdrawals … beside card buys): random
// entries with many ties on time, paged at random sizes, come out each once, newest first, and a
// kind filter asks only that kind's source.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../../contract/index.ts";
import { decodeCursor, historyPage, type AnyHistorySource, type HistoryQuery } from "../../../server/modules/portfolio/history.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const amount = { asset: "USD", value: "1.00" };

function entry(type: "deposit" | "fee", n: number, minute: number): HistoryEntry {
  const base = { id: uuid(n), status: "completed" as const, createdAt: at(minute), updatedAt: at(minute) };
  return type === "deposit" ? { ...base, type, amount } : { ...base, type, amount, description: "test" };
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/** A source as a feature writes one: its own entries past the cursor, newest first, at most `limit`. */
function sourceOf(type: "deposit" | "fee", entries: HistoryEntry[], asked: string[]): AnyHistorySource {
  return {
    type,
    page: async ({ after, limit }: HistoryQuery) => {
      asked.push(type);
      return entries
        .filter((e) => !after || e.createdAt < after.at.toISOString() || (e.createdAt === after.at.toISOString() && e.id < after.id))
        .sort(newestFirst)
        .slice(0, limit) as never;
    },
  } as AnyHistorySource;
}

describe("merging the sources' pages", () => {
  it("lists every entry once, newest first, at any page size, with ties on time across sources", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (specs, limit) => {
          const entries = specs.map(([isFee, minute], index) => entry(isFee ? "fee" : "deposit", index + 1, minute));
          const asked: string[] = [];
          const sources = [
            sourceOf(
              "deposit",
              entries.filter((e) => e.type === "deposit"),
              asked,
            ),
            sourceOf(
              "fee",
              entries.filter((e) => e.type === "fee"),
              asked,
            ),
          ];
          const seen: string[] = [];
          let after = null as HistoryQuery["after"];
          for (let pages = 0; pages <= entries.length + 1; pages++) {
            const page = await historyPage(sources, { userId: "u", after, limit });
            seen.push(...page.items.map((item) => item.id));
            expect(page.items.length).toBeLessThanOrEqual(limit);
            if (page.nextCursor === null) break;
            after = decodeCursor(page.nextCursor)!;
          }
          expect(seen).toEqual(entries.toSorted(newestFirst).map((e) => e.id));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("asks only the source of the kind filtered on", async () => {
    const asked: string[] = [];
    const sources = [sourceOf("deposit", [entry("deposit", 1, 0)], asked), sourceOf("fee", [entry("fee", 2, 1)], asked)];
    const page = await historyPage(sources, { userId: "u", after: null, limit: 5 }, "deposit");
    expect(page.items.map((item) => item.type)).toEqual(["deposit"]);
    expect(asked).toEqual(["deposit"]);
    expect((await historyPage(sources, { userId: "u", after: null, limit: 5 }, "sell")).items).toEqual([]);
  });
});
