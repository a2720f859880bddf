// Typed sample answers of the blog's calls, shared by the graph specs, machine tests and view tests.
import type { BlogList, BlogPost, BlogPostSummary, PartnerList } from "../../contract/blog.ts";

export const blogSummary = (n: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary => ({
  slug: `post-${n}`,
  language: "en",
  title: `Post ${n}`,
  summary: `What post ${n} is about.`,
  category: "guides",
  tags: ["beginners"],
  date: `2026-11-${String(10 + (n % 18)).padStart(2, "0")}`,
  cover: { url: `/media/content/cover-${n}.0123456789ab.svg`, alt: `Cover of post ${n}` },
  readingMinutes: 3,
  ...overrides,
});

export const blogPage = (items: BlogPostSummary[], overrides: Partial<BlogList> = {}): BlogList => ({
  items,
  page: 1,
  pageSize: 6,
  total: items.length,
  totalPages: 1,
  categories: items.length > 0 ? [{ category: "guides", count: items.length }] : [],
  tags: items.length > 0 ? [{ tag: "beginners", count: items.length }] : [],
  ...overrides,
});

export const blogPost = (n: number, overrides: Partial<BlogPost> = {}): BlogPost => ({
  ...blogSummary(n),
  html: `<p>The text of post ${n}.</p>`,
  translations: [],
  ...overrides,
});

export const partnerList: PartnerList = {
  items: [
    {
      slug: "tamr-wallet",
      language: "en",
      name: "Tamr Wallet",
      summary: "A hardware wallet.",
      kind: "Hardware wallets",
      website: "https://tamr-wallet.example",
      logo: { url: "/media/content/partner-wallet.0123456789ab.svg", alt: "A wallet" },
    },
  ],
};
