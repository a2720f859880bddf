import { useLingui } from "@lingui/react/macro";
import type { Asset } from "../../../../contract/index.ts";

/** A favourite's star: a toggle button whose name says what pressing it does. */
export function StarButton({ asset, on, onChange }: { asset: Pick<Asset, "symbol">; on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useLingui();
  const symbol = asset.symbol;
  return (
    <button
      type="button"
      className="star-button"
      aria-pressed={on}
      aria-label={on ? t`Remove ${symbol} from favourites` : t`Add ${symbol} to favourites`}
      onClick={() => onChange(!on)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" />
      </svg>
    </button>
  );
}
