// The page-view tracker and the address scrubber (issue 28): pure rules, driven directly.
import { describe, expect, it } from "vitest";
import { scrubAddress, scrubReferrer, type PageView } from "../../../contract/analytics.ts";
import { createPageViewTracker, type PageViewEdges } from "../../../src/features/analytics/services/pageViews.ts";

describe("scrubAddress", () => {
  it.each([
    ["/", "/"],
    ["/?", "/"],
    ["/blog?category=guides&page=2", "/blog?category=guides&page=2"],
    ["/exchange?curr=USD&symbol=BTC", "/exchange?curr=USD&symbol=BTC"],
    ["/reset-password?token=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5", "/reset-password"],
    ["/verify-email?email=a%40b.example", "/verify-email"],
    ["/login?returnTo=%2Fportfolio%3Fx%3D1", "/login"],
    ["/blog?q=my+password+is+hunter2", "/blog"],
    ["/blog?category=a@b.example", "/blog"],
    ["/blog?category=%3Cscript%3E", "/blog"],
    ["/partners/person@example.com", "/partners/:email"],
    ["/partners/person%40example.com", "/partners/:email"],
    ["/anything/0123456789abcdef01234", "/anything/:redacted"],
    ["/code/123456", "/code/:redacted"],
    ["/market/BTC#chart", "/market/BTC"],
    ["/blog/how-to-buy-bitcoin-in-2025", "/blog/how-to-buy-bitcoin-in-2025"],
    ["/x/3f2504e0-4f89-11d3-9a0c-0305e82c3301", "/x/:redacted"],
    ["/x/eyJhbGciOiJIUzI1NiJ9-Ab_Cd", "/x/:redacted"],
  ])("%s → %s", (address, kept) => {
    expect(scrubAddress(address)).toBe(kept);
  });

  it("refuses what is not a path of this site", () => {
    for (const address of ["https://evil.example/", "//evil.example/x", "blog", ""]) expect(scrubAddress(address)).toBeNull();
  });

  it("keeps only another site's origin as a referrer, and scrubs this site's", () => {
    expect(scrubReferrer("https://news.example.org/article/123?utm=x&email=a@b.c", "https://sarraf.example")).toBe("https://news.example.org");
    expect(scrubReferrer("https://sarraf.example/reset-password?token=abcdefabcdefabcd1234", "https://sarraf.example")).toBe("/reset-password");
    expect(scrubReferrer("", "https://sarraf.example")).toBeNull();
    expect(scrubReferrer("javascript:alert(1)", "https://sarraf.example")).toBeNull();
  });
});

/** A tracker over fakes: the address open now, paints that run when the test says, GPC on or off. */
function harness(options: { gpc?: boolean; referrer?: string } = {}) {
  const recorded: PageView[] = [];
  const paints: (() => void)[] = [];
  let address = "/";
  let gpc = options.gpc ?? false;
  const edges: PageViewEdges = {
    sink: { record: (view) => recorded.push(view) },
    currentAddress: () => address,
    title: () => `Title of ${address}`,
    locale: () => "ar",
    afterPaint: (work) => {
      let cancelled = false;
      paints.push(() => !cancelled && work());
      return () => (cancelled = true);
    },
    globalPrivacyControl: () => gpc,
    referrer: options.referrer ?? "",
    origin: "https://sarraf.example",
  };
  const tracker = createPageViewTracker(edges);
  return {
    recorded,
    /** The router shows `to` (its page rendered). */
    show(to: string) {
      address = to;
      tracker.shown(to);
    },
    /** The router moves on without the page rendering (a redirect's route never renders its page). */
    moveTo(to: string) {
      address = to;
    },
    paint: () => paints.splice(0).forEach((run) => run()),
    setGpc: (value: boolean) => (gpc = value),
  };
}

describe("page-view tracker", () => {
  it("records one view per address shown, after paint, with title, language and the previous page as referrer", () => {
    const h = harness({ referrer: "https://search.example/?q=sarraf" });
    h.show("/");
    expect(h.recorded).toEqual([]);
    h.paint();
    h.show("/blog?category=guides");
    h.paint();
    h.show("/contact");
    h.paint();
    expect(h.recorded).toEqual([
      { path: "/", title: "Title of /", locale: "ar", referrer: "https://search.example" },
      { path: "/blog?category=guides", title: "Title of /blog?category=guides", locale: "ar", referrer: "/" },
      { path: "/contact", title: "Title of /contact", locale: "ar", referrer: "/blog?category=guides" },
    ]);
  });

  it("records a change once, however often the page reports it (remounts, double effects)", () => {
    const h = harness();
    h.show("/blog");
    h.show("/blog");
    h.paint();
    h.show("/blog");
    h.paint();
    expect(h.recorded.map((view) => view.path)).toEqual(["/blog"]);
  });

  it("records nothing for an address left before it was painted (a redirect's intermediate route)", () => {
    const h = harness();
    h.show("/dashboard");
    h.moveTo("/login?returnTo=%2Fdashboard");
    h.paint();
    h.show("/login?returnTo=%2Fdashboard");
    h.paint();
    expect(h.recorded.map((view) => view.path)).toEqual(["/login"]);
  });

  it("records nothing while the browser sends Global Privacy Control", () => {
    const h = harness({ gpc: true });
    h.show("/");
    h.paint();
    h.show("/blog");
    h.paint();
    expect(h.recorded).toEqual([]);
    h.setGpc(false);
    h.show("/contact");
    h.paint();
    expect(h.recorded.map((view) => view.path)).toEqual(["/contact"]);
  });
});
