import type { Asset, QuoteCurrencyInfo } from "../../../../contract/index.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import type { BuyOrderRef } from "../hooks.ts";
import { BuyForm } from "./BuyForm.tsx";
import { OrderOffer } from "./OrderOffer.tsx";
import { OrderPanel } from "./OrderPanel.tsx";

/**
 * What the Buy page shows around its buyOrder actor: the order's panel while one is followed, else
 * the form (with an unpaid order offered beside it). The page gives it its actor; the machine's
 * generated paths mount it around a driven one (tests/statecharts/buy-order-fixture.tsx).
 */
export function BuyOrderView({ actor, assets, currencies }: { actor: BuyOrderRef; assets: Asset[]; currencies: readonly QuoteCurrencyInfo[] }) {
  const tracking = useSelector(actor, (state) => state.hasTag("tracking"));
  return tracking ? (
    <OrderPanel actor={actor} assets={assets} />
  ) : (
    <>
      <OrderOffer actor={actor} />
      <BuyForm actor={actor} assets={assets} currencies={currencies} />
    </>
  );
}
