import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "../browser.ts";

const b = setupBrowser();

/** The built chunks of zxcvbn-ts and its dictionaries, from the manifest of the build under test. */
function estimatorChunks(): string[] {
  const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8")) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(([source]) => source.includes("node_modules/@zxcvbn-ts/"))
    .map(([, chunk]) => `/${chunk.file}`);
}

describe("the new-password strength meter in Chromium", () => {
  it("loads the estimator with the form, not with the home page, and refuses a weak password before sending", async () => {
    const chunks = estimatorChunks();
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const { page, context, errors } = await b.openPage("/");
    await page.waitForLoadState("load");
    const homeLoaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    expect(homeLoaded.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(0);
    expect(homeLoaded.filter((path) => chunks.includes(path))).toEqual([]);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));

    await page.goto("/reset-password?email=zubaida.qarawi%40mail.example&code=123456");
    const field = page.getByLabel("New password", { exact: true });
    await field.fill("zubaidaqarawi2026");
    const meter = page.getByRole("meter", { name: "Password strength" });
    await expect.poll(() => meter.getAttribute("aria-valuetext")).toBe("Weak");
    expect(chunks.every((chunk) => requested.includes(chunk))).toBe(true);
    await expect.poll(() => page.locator("[aria-live=polite]").filter({ has: meter }).innerText()).toContain("Do not use your name, your e-mail address");

    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("This password is too easy to guess.").isVisible()).toBe(true);
    expect(requested.filter((path) => path.startsWith("/api/v1/user/resetpassword"))).toEqual([]);

    await field.fill("harbour lantern");
    await expect.poll(() => meter.getAttribute("aria-valuetext")).toBe("Strong");
    expect(errors).toEqual([]);
    await context.close();
  });
});
