import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";

/** The page's own title (a post's, a partner's) followed by the product name, once it is known. */
export function usePageTitle(title: string | null) {
  const { t } = useLingui();
  const text = title ? `${title} | ${t`Sarraf`}` : null;
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
}
