/** The major assets the home page's live prices show, by market size; any the catalog does not list is left out. */
export const HOME_SYMBOLS = ["BTC", "ETH", "SOL", "XRP", "BNB"] as const;
