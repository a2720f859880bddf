import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { profile, storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

const methods = async () => {
  const section = (await screen.findByRole("heading", { level: 2, name: "How you sign in" }, { timeout: 10_000 })).closest("section")!;
  return {
    section,
    terms: within(section)
      .getAllByRole("term")
      .map((term) => term.textContent),
  };
};

describe("the profile's sign-in methods", { timeout: 20_000 }, () => {
  it("lists an account made with Google as Google and e-mail codes, not as e-mail codes alone, and offers a password", async () => {
    await renderApp("/profile", { user: storedUser, calls: { getProfile: () => ({ ...profile, hasPassword: false, providers: ["google"] }) } });
    const { section, terms } = await methods();
    expect(terms).toEqual(["E-mail code", "Google"]);
    expect(within(section).getByText("Your Google account")).toBeInTheDocument();
    expect(within(section).getByText("trader@example.com")).toHaveAttribute("dir", "ltr");
    expect(screen.queryByText(/You sign in with e-mail codes/)).toBeNull();
    expect(within(section).getByText("You have no password yet. Add one to sign in with your e-mail and password too.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Set password" })).toBeInTheDocument();
  });

  it("lists a password, e-mail codes and every linked provider, and offers to change the password", async () => {
    await renderApp("/profile", { user: storedUser, calls: { getProfile: () => ({ ...profile, hasPassword: true, providers: ["apple", "facebook"] }) } });
    const { section, terms } = await methods();
    expect(terms).toEqual(["Password", "E-mail code", "Apple", "Facebook"]);
    expect(within(section).queryByRole("button", { name: "Set password" })).toBeNull();
    expect(within(section).getByRole("button", { name: "Change password" })).toBeInTheDocument();
  });

  it("lists a password account without providers as password and e-mail codes", async () => {
    await renderApp("/profile", { user: storedUser });
    expect((await methods()).terms).toEqual(["Password", "E-mail code"]);
  });
});
