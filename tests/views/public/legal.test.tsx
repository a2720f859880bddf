import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SUPPORT_EMAIL, TERMS_VERSION } from "../../../contract/index.ts";
import { privacy } from "../../../src/features/public/legal/privacy.ts";
import { risk } from "../../../src/features/public/legal/risk.ts";
import { terms } from "../../../src/features/public/legal/terms.ts";
import { renderApp } from "../renderApp.tsx";

const pages = [
  { path: "/terms", text: terms, en: "Terms of Service", ar: "شروط الخدمة" },
  { path: "/privacy", text: privacy, en: "Privacy Policy", ar: "سياسة الخصوصية" },
  { path: "/risk-disclosure", text: risk, en: "Risk Disclosure", ar: "الإفصاح عن المخاطر" },
];

describe("the legal pages", () => {
  it.each(pages)("$path shows its title, version, contents linking to every section, and where to write", async ({ path, text, en }) => {
    await renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: en })).toBeInTheDocument();
    expect(document.title).toBe(`${en} | Sarraf`);
    expect(screen.getByText(/^Version/)).toHaveTextContent(`Version ${TERMS_VERSION}, effective 23 November 2026`);
    // One h2 per section, then the contact section; every contents link lands on its section.
    const headings = screen.getAllByRole("heading", { level: 2 });
    expect(headings).toHaveLength(text.sections.length + 1);
    const contents = screen.getByRole("navigation", { name: "Contents" });
    const links = within(contents).getAllByRole("link");
    expect(links).toHaveLength(text.sections.length);
    for (const [index, link] of links.entries()) {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target?.tagName).toBe("SECTION");
      expect(within(target!).getByRole("heading", { level: 2 })).toHaveTextContent(link.textContent!);
      expect(headings[index]).toHaveTextContent(link.textContent!);
    }
    const write = within(screen.getByRole("main")).getByRole("link", { name: SUPPORT_EMAIL });
    expect(write).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    expect(write.closest("bdi")).toHaveAttribute("dir", "ltr");
  });

  it.each(pages)("$path reads right to left in Arabic, with the version left to right", async ({ path, text, ar }) => {
    await renderApp(path, { locale: "ar" });
    expect(await screen.findByRole("heading", { level: 1, name: ar })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    const version = screen.getByText(TERMS_VERSION);
    expect(version.tagName).toBe("BDI");
    expect(version).toHaveAttribute("dir", "ltr");
    expect(version.parentElement).toHaveTextContent(`الإصدار ${TERMS_VERSION}، ساري المفعول منذ 23 نوفمبر 2026`);
    // Every heading is translated: none is left in English.
    for (const heading of screen.getAllByRole("heading", { level: 2 })) expect(heading.textContent).toMatch(/[\u0600-\u06FF]/);
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(text.sections.length + 1);
  });
});

describe("the footer", () => {
  it.each([
    ["the public layout", "/"],
    ["the auth layout", "/signup"],
  ])("in %s links to each legal page and to the support address", async (_layout, start) => {
    const user = userEvent.setup();
    for (const { path, en } of pages) {
      const { memory, unmount } = await renderApp(start);
      const footer = await screen.findByRole("contentinfo");
      await user.click(within(within(footer).getByRole("navigation", { name: "Legal" })).getByRole("link", { name: en }));
      expect(await screen.findByRole("heading", { level: 1, name: en })).toBeInTheDocument();
      expect(memory.history?.at(-1)).toBe(path);
      unmount();
    }
    await renderApp(start);
    const support = within(screen.getByRole("contentinfo")).getByRole("link", { name: SUPPORT_EMAIL });
    expect(support).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    expect(support.closest("bdi")).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${new Date().getFullYear()} Sarraf.`);
  });
});
