// The KYC photos' file pickers speak the page's language (Chromium's own "Choose File / No file
// chosen" follows the browser's): in Arabic, the button's words and "no file chosen" are Arabic, the
// chosen file's name replaces them, and the native input stays the one control, named by its field.
import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { kycDetails } from "../../../machines/kyc/kyc.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

describe("the KYC photo pickers", { timeout: 30_000 }, () => {
  it("in Arabic: the input is named by its field and the button, says no file is chosen, then the file's name", async () => {
    await renderApp("/kyc", { user: storedUser, locale: "ar", calls: { kycDetails: () => kycDetails("notStarted") } });
    await screen.findByRole("heading", { name: "بياناتك" });
    const front = screen.getByLabelText("صفحة الصورة في جواز السفر", { selector: "input" });
    expect(front).toHaveAttribute("type", "file");
    expect(front).toHaveClass("visually-hidden");
    expect(front).not.toHaveAttribute("tabindex", "-1");
    expect(front).toHaveAccessibleName("صفحة الصورة في جواز السفر اختر صورة");
    expect(front).toHaveAccessibleDescription(expect.stringContaining("لم يُختر أي ملف"));
    fireEvent.change(front, { target: { files: [new File(["jpeg"], "passport.jpg", { type: "image/jpeg" })] } });
    expect(front).toHaveAccessibleDescription(expect.stringContaining("passport.jpg"));
    expect(front).toHaveAccessibleName("صفحة الصورة في جواز السفر اختر صورة أخرى");
    expect(screen.queryByText("No file chosen")).toBeNull();
  });
});
