import type { Page } from "playwright-core";

export interface SignupLabels {
  name: string;
  email: string;
  password: string;
  submit: string;
}

const english: SignupLabels = { name: "Full name", email: "E-mail", password: "Password", submit: "Create account" };

/**
 * Fills the sign-up form by its labels (in the page's language) and ticks the consent box (the
 * form's only checkbox, so no label is needed); sends nothing.
 */
export async function fillSignup(page: Page, user: { name: string; email: string; password: string }, labels: SignupLabels = english) {
  await page.getByLabel(labels.name).fill(user.name);
  await page.getByLabel(labels.email).fill(user.email);
  await page.getByLabel(labels.password, { exact: true }).fill(user.password);
  await page.getByRole("checkbox").check();
}

/** Fills and sends the sign-up form, and waits for the verification page. */
export async function signUp(page: Page, labels: SignupLabels, user: { name: string; email: string; password: string }) {
  await fillSignup(page, user, labels);
  await page.getByRole("button", { name: labels.submit }).click();
  await page.waitForURL("**/verify-email");
}
