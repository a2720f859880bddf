// Page views into Sarraf's own database: POST /api/v1/pageview/add, sent so that it survives the
// page being left (keepalive), with no cookie and no sign-in (credentials omitted).
import type { PageView } from "../../../../contract/analytics.ts";
import { routePaths } from "../../../../contract/routePaths.ts";
import type { PageViewSink } from "../services/pageViews.ts";

export function firstPartySink(base = "/api/v1"): PageViewSink {
  return {
    record(view: PageView) {
      void fetch(`${base}${routePaths.pageViewAdd}`, {
        method: "POST",
        keepalive: true,
        credentials: "omit",
        headers: { "Content-Type": "application/json", "Accept-Language": view.locale },
        body: JSON.stringify(view),
      }).catch(() => undefined);
    },
  };
}
