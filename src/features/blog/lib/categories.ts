import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { BlogCategory } from "../../../../contract/blogVocabulary.ts";

/** Each category's name on its chip and on a post. */
export const categoryNames: Record<BlogCategory, MessageDescriptor> = {
  guides: msg`Guides`,
  security: msg`Security`,
  fees: msg`Fees`,
  stablecoins: msg`Stablecoins`,
  regional: msg`In the region`,
  news: msg`News`,
};
