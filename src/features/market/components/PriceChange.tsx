import { changeDirection, formatChange } from "../lib/format.ts";

/** A percent change, coloured by direction; its sign is in the text, so colour is never the only cue. */
export function PriceChange({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className={`price-change price-change-${changeDirection(value)}`}>
      {formatChange(value)}
    </bdi>
  );
}
