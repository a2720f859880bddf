// What other features may use of the market: live prices and the ways to show them.
export {
  RenderedQuoteCurrency,
  useCurrencyList,
  useFavourites,
  useFeed,
  useLiveFeed,
  usePriceFeed,
  useQuoteCurrency,
  type FeedLogic,
  type FeedStatus as FeedStatusValue,
} from "./hooks.ts";
export { AssetBadge, AssetName } from "./components/AssetBadge.tsx";
export { FeedStatus } from "./components/FeedStatus.tsx";
export { ListFailed } from "./components/ListFailed.tsx";
export { PriceChange } from "./components/PriceChange.tsx";
export { QuoteCurrencySelect } from "./components/QuoteCurrencySelect.tsx";
export { UnknownAsset } from "./components/UnknownAsset.tsx";
export { changeDirection, formatPrice, formatVolume } from "./lib/format.ts";
export { Sparkline } from "./components/Sparkline.tsx";
export { canvasText, tickMarkText } from "./lib/chartLocale.ts";
