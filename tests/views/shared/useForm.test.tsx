import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { loginSchema } from "../../../contract/index.ts";
import { loadCatalog, activateLocale } from "../../../src/shared/i18n/catalogs.ts";
import { Field } from "../../../src/shared/ui/form.tsx";
import { useForm, type SchemaLoader } from "../../../src/shared/ui/useForm.ts";

type Login = { email: string; password: string };

function LoginForm({ schema, sent }: { schema: SchemaLoader<Login>; sent: (data: Login) => void }) {
  const form = useForm(schema, { email: "", password: "" });
  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit(sent)}>
      <Field label="E-mail" type="email" {...form.bind("email")} />
      <Field label="Password" type="password" {...form.bind("password")} />
      <button type="submit">Log in</button>
    </form>
  );
}

async function renderForm(schema: SchemaLoader<Login>, sent = vi.fn()) {
  await loadCatalog("en");
  activateLocale("en");
  render(
    <I18nProvider i18n={i18n}>
      <LoginForm schema={schema} sent={sent} />
    </I18nProvider>,
  );
  return sent;
}

describe("a form whose schema is loaded when it is first used", () => {
  it("loads nothing until a field gets focus, then loads once", async () => {
    const loader = vi.fn(async () => loginSchema);
    await renderForm(loader);
    expect(loader).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("E-mail"));
    await user.click(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("E-mail"), "a");
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("checks a form sent before its schema arrived, once it arrives: errors show and nothing is sent", async () => {
    let arrive!: () => void;
    const loader = vi.fn(() => new Promise<typeof loginSchema>((resolve) => (arrive = () => resolve(loginSchema))));
    const sent = await renderForm(loader);
    // Sent without any field focused first (as autofill and a script would).
    screen.getByRole("button", { name: "Log in" }).closest("form")!.requestSubmit();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("This field is required.")).toBeNull();
    arrive();
    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("This field is required."));
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByLabelText("E-mail")).toHaveFocus();
  });

  it("sends the parsed values once the schema arrives", async () => {
    const sent = await renderForm(async () => loginSchema);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mail"), "  Layla@Example.com ");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ email: "layla@example.com", password: "correct horse battery" }));
  });

  it("a schema that failed to load is fetched again on the next submit", async () => {
    const loader = vi.fn<SchemaLoader<Login>>().mockRejectedValueOnce(new Error("network")).mockResolvedValue(loginSchema);
    const sent = await renderForm(loader);
    const form = screen.getByRole("button", { name: "Log in" }).closest("form")!;
    form.requestSubmit();
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).not.toHaveBeenCalled();
    form.requestSubmit();
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(/.+/));
  });
});
