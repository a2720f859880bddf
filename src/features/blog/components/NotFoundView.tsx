import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { NotFound } from "../../../shared/ui/NotFound.tsx";

/** An address with no post or partner behind it: the app's not-found page, titled as it is. */
export function NotFoundView() {
  const { t } = useLingui();
  const title = `${t`Page not found`} | ${t`Sarraf`}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <NotFound />;
}
