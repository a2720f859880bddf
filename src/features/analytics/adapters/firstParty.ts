// Page views into Sarraf's own database: POST /api/v1/pageview/add, sent so that it survives the
// page being left (keepalive), with no cookie and no sign-in (credentials omitted). The API's
// paths load with the first view, after the page is painted: they share the API client's chunk,
// which no page needs before its first render.
import type { PageView } from "../../../../contract/analytics.ts";
import type { PageViewSink } from "../services/pageViews.ts";

export function firstPartySink(base = "/api/v1"): PageViewSink {
  return {
    record(view: PageView) {
      void import("../../../../contract/routePaths.ts")
        .then(({ routePaths }) =>
          fetch(`${base}${routePaths.pageViewAdd}`, {
            method: "POST",
            keepalive: true,
            credentials: "omit",
            headers: { "Content-Type": "application/json", "Accept-Language": view.locale },
            body: JSON.stringify(view),
          }),
        )
        .catch(() => undefined);
    },
  };
}
