// The profile picture in real Chromium against the real server: choose a photo, see the preview,
// save it and see it in the layout (after a reload too); a renamed executable is refused in words;
// remove it; choose one by keyboard alone. Once in Arabic at phone width, where the picture shows
// in the header.
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { setupBrowser } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];
const photo = join(tmpdir(), `sarraf-e2e-photo-${process.pid}.jpg`);
const executable = join(tmpdir(), `sarraf-e2e-photo-${process.pid}-fake.jpg`);
const bigPhoto = join(tmpdir(), `sarraf-e2e-photo-${process.pid}-big.jpg`);

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-picture-");
  const database = await openDatabase({ dataDir });
  for (const [email, fullName] of [
    ["picture@sarraf.test", "Picture Trader"],
    ["picture-ar@sarraf.test", "سارة"],
  ] as const) {
    const user = await createUser(database.db, { email, fullName, emailVerifiedAt: new Date() });
    tokens.push((await createSession(database.db, user.id)).token);
  }
  await database.close();
  writeFileSync(
    photo,
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer(),
  );
  // Noise does not compress: about 1 MB of real JPEG, to watch an upload's progress.
  const noise = Buffer.alloc(700 * 700 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  writeFileSync(
    bigPhoto,
    await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer(),
  );
  writeFileSync(executable, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]));
  server = await startServer(dataDir);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(photo, { force: true });
  rmSync(executable, { force: true });
  rmSync(bigPhoto, { force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });

/** The address and drawn width of a picture in the layout, once it has loaded. */
async function loadedPicture(page: Page, selector: string) {
  const image = page.locator(selector);
  await image.waitFor();
  await page.waitForFunction((css) => {
    const img = document.querySelector<HTMLImageElement>(css);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, selector);
  return image.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute("src"), natural: img.naturalWidth }));
}

describe("the profile picture", () => {
  it("is chosen, previewed, saved with the layout showing it, refused for a renamed executable, and removed", async () => {
    const { page, errors } = await b.openPage("/profile", { token: tokens[0] });
    const card = page.getByRole("region", { name: "Profile picture" });
    await card.waitFor();
    await page.locator(".sidebar-user .avatar-initial").waitFor();

    await page.getByTestId("picture-input").setInputFiles(photo);
    // The preview is drawn from the chosen file itself (the page's CSP allows blob: images).
    const previewed = await loadedPicture(page, ".picture-card img.avatar");
    expect(previewed.src).toMatch(/^blob:/);
    expect(previewed.natural).toBe(900);
    await card.getByRole("button", { name: "Save picture" }).click();
    await card.getByRole("status").filter({ hasText: "Your profile picture has been updated." }).waitFor();

    const shown = await loadedPicture(page, ".sidebar-user img.avatar");
    expect(shown.src).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    expect(shown.natural).toBe(256);
    expect(await card.getByRole("img", { name: "Your profile picture" }).getAttribute("src")).toBe(shown.src);
    // The server's answer for the picture: WebP, kept for a year.
    const served = await fetch(`${server.baseURL}${shown.src}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");

    await page.reload();
    expect((await loadedPicture(page, ".sidebar-user img.avatar")).src).toBe(shown.src);

    await page.getByTestId("picture-input").setInputFiles(executable);
    await card.getByRole("button", { name: "Save picture" }).click();
    await card.getByRole("alert").filter({ hasText: "This file is not a photo we can use. Choose a JPEG, PNG or WebP image." }).waitFor();
    expect(await page.locator(".sidebar-user img.avatar").getAttribute("src")).toBe(shown.src);

    await card.getByRole("button", { name: "Remove picture" }).click();
    await card.getByRole("status").filter({ hasText: "Your profile picture has been removed." }).waitFor();
    await page.locator(".sidebar-user .avatar-initial").waitFor();
    expect((await fetch(`${server.baseURL}${shown.src}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("shows the upload's progress as its bytes go out (a slow connection)", async () => {
    const { page, context, errors } = await b.openPage("/profile", { token: tokens[0] });
    const card = page.getByRole("region", { name: "Profile picture" });
    await card.waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByTestId("picture-input").setInputFiles(bigPhoto);
    await card.getByRole("button", { name: "Save picture" }).click();
    const progress = card.getByRole("progressbar", { name: "Upload progress" });
    // Part of the file sent, not all: the bar moves with the bytes, not at the end.
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLProgressElement>(".picture-progress progress");
      return bar !== null && bar.value > 0 && bar.value < 100;
    });
    expect(Number(await progress.getAttribute("value"))).toBeGreaterThan(0);
    await card.getByRole("status").filter({ hasText: "Your profile picture has been updated." }).waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  });

  it("is chosen by keyboard alone: the picker takes focus with a visible ring, and Space opens the device's file chooser", async () => {
    const { page, errors } = await b.openPage("/profile", { token: tokens[0] });
    const card = page.getByRole("region", { name: "Profile picture" });
    await card.waitFor();
    const input = page.getByTestId("picture-input");
    // Tab from the card's last control before it until the picker's input has focus: one tab stop.
    await input.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await page.locator(".file-picker-button").evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring).toBe("solid");
    expect(await card.getByText("No file chosen").count()).toBe(1);
    // Space on the input itself (the locator focuses it again first): on a busy machine the card can
    // re-render as the profile's data arrives, and a key pressed on the page then reached nothing (CI run 37).
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), input.press("Space")]);
    await chooser.setFiles(photo);
    await card.getByRole("img", { name: "Preview of your new picture" }).waitFor();
    expect(await card.locator(".file-picker-chosen").innerText()).toMatch(/\.jpg$/);
    await card.getByRole("button", { name: "Cancel" }).click();
    expect(errors).toEqual([]);
  });

  it("in Arabic at phone width: saved, and shown in the header", async () => {
    const { page, errors } = await b.openPage("/profile", { token: tokens[1], lang: "ar", viewport: "phone" });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const card = page.getByRole("region", { name: "الصورة الشخصية" });
    await card.waitFor();
    await page.getByTestId("picture-input").setInputFiles(photo);
    await card.getByRole("img", { name: "معاينة صورتك الجديدة" }).waitFor();
    await card.getByRole("button", { name: "حفظ الصورة" }).click();
    await card.getByRole("status").filter({ hasText: "تم تحديث صورتك الشخصية." }).waitFor();
    const shown = await loadedPicture(page, ".mobile-header img.avatar");
    expect(shown.src).toMatch(/^\/files\/[0-9a-f-]{36}\.webp$/);
    await page.screenshot({ path: join(tmpdir(), "sarraf-picture-ar-phone.png"), fullPage: true });
    expect(errors).toEqual([]);
  });
});
