import type { Page } from "playwright-core";

/**
 * The accessibility rules these pages have broken, checked in the real browser: a subset of what
 * axe-core checks (the project has no axe-core), each written to find every offender on the page.
 * - aria-hidden-focus: nothing hidden from assistive technology can take focus;
 * - color-contrast (coin badges): a badge's letters read at 4.5:1 on its colour;
 * - button-name / link-name / label: every control has a name;
 * - duplicate-id: ids are unique.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
    const focusable = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1']), iframe, [contenteditable='true']";
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };

    for (const hidden of document.querySelectorAll("[aria-hidden='true']"))
      for (const inside of hidden.querySelectorAll(focusable))
        if (!(inside as HTMLElement).closest("[inert]") && !(inside as HTMLInputElement).disabled)
          problems.push(`aria-hidden-focus: ${describe(inside)} inside ${describe(hidden)}`);

    const channel = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number).map((n) => channel(n / 255));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const badge of document.querySelectorAll(".asset-badge")) {
      const style = getComputedStyle(badge);
      const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x) as [number, number];
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) problems.push(`color-contrast: ${badge.textContent} badge ${style.color} on ${style.backgroundColor} is ${ratio.toFixed(2)}:1`);
    }

    const named = (element: Element) =>
      Boolean(
        element.getAttribute("aria-label")?.trim() ||
        element
          .getAttribute("aria-labelledby")
          ?.split(" ")
          .some((id) => document.getElementById(id)?.textContent?.trim()) ||
        element.textContent?.trim() ||
        element.getAttribute("title")?.trim() ||
        element.querySelector("img[alt]:not([alt=''])"),
      );
    for (const control of document.querySelectorAll("a[href], button"))
      if (visible(control) && !control.closest("[aria-hidden='true']") && !named(control)) problems.push(`name: ${describe(control)} has no accessible name`);
    for (const field of document.querySelectorAll("input:not([type='hidden']), select, textarea"))
      if (!(field as HTMLInputElement).labels?.length && !field.getAttribute("aria-label") && !field.getAttribute("aria-labelledby"))
        problems.push(`label: ${describe(field)} has no label`);

    const ids = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]")) ids.set(element.id, (ids.get(element.id) ?? 0) + 1);
    for (const [id, count] of ids) if (count > 1) problems.push(`duplicate-id: #${id} ×${count}`);
    return problems;
  });
}
