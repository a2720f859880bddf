// The market list's view as the page's address carries it (?sort=change&order=desc&favourites=1),
// as the history keeps its filters: a reload, Back to the page or a shared link shows the same list.

export const SORT_KEYS = ["rank", "name", "price", "change"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = "ascending" | "descending";
export interface MarketView {
  sort: { key: SortKey; direction: SortDirection };
  favouritesOnly: boolean;
}

/** By rank, as the catalog orders the assets: the view with nothing in the address. */
export const DEFAULT_SORT: MarketView["sort"] = { key: "rank", direction: "ascending" };

/** A column's first direction: names A to Z, figures largest first, rank from the top. */
export const firstDirection = (key: SortKey): SortDirection => (key === "name" || key === "rank" ? "ascending" : "descending");

const orders: Record<string, SortDirection> = { asc: "ascending", desc: "descending" };

/** The view of a query string; anything it does not know is read as the default. */
export function marketViewFromSearch(search: string): MarketView {
  const query = new URLSearchParams(search);
  const key = SORT_KEYS.find((candidate) => candidate === query.get("sort"));
  const sort = key ? { key, direction: orders[query.get("order") ?? ""] ?? firstDirection(key) } : DEFAULT_SORT;
  return { sort, favouritesOnly: query.get("favourites") === "1" };
}

/** The query string of a view, keeping any other parameter; the default view leaves the address bare. */
export function searchOfMarketView(view: MarketView, search = ""): string {
  const query = new URLSearchParams(search);
  for (const name of ["sort", "order", "favourites"]) query.delete(name);
  const { key, direction } = view.sort;
  if (key !== DEFAULT_SORT.key || direction !== DEFAULT_SORT.direction) {
    query.set("sort", key);
    query.set("order", direction === "ascending" ? "asc" : "desc");
  }
  if (view.favouritesOnly) query.set("favourites", "1");
  return query.toString();
}
