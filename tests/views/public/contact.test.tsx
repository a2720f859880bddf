import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContactBody } from "../../../contract/index.ts";
import { renderApp } from "../renderApp.tsx";

/** A call the test answers when it chooses. */
function held<T>() {
  let release: (value: T) => void = () => {};
  const answer = new Promise<T>((resolve) => (release = resolve));
  return { answer, release: (value: T) => release(value) };
}

describe("the contact page", () => {
  it("names each problem beside its field, sends once however often Send is pressed, then thanks", async () => {
    const user = userEvent.setup();
    const sent: ContactBody[] = [];
    const reply = held<{ received: true }>();
    const { call } = await renderApp("/contact", {
      calls: {
        contactUs: (body) => {
          sent.push(body);
          return reply.answer;
        },
      },
    });
    const form = await screen.findByRole("form", { name: "Send us a message" });
    await waitFor(() => expect(call).toHaveBeenCalledWith("contactStart", {}));
    await user.click(within(form).getByRole("button", { name: "Send message" }));
    expect(await within(form).findByText("Enter your name.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Your name")).toHaveFocus();
    expect(within(form).getByLabelText("Your name")).toHaveAccessibleDescription("Enter your name.");

    await user.type(within(form).getByLabelText("Your name"), "Amal");
    await user.type(within(form).getByLabelText("Your e-mail"), "amal@example.com");
    await user.type(within(form).getByLabelText("Subject"), "Fees");
    await user.type(within(form).getByLabelText("Message"), "Too short");
    await user.click(within(form).getByRole("button", { name: "Send message" }));
    expect(await within(form).findByText("Write at least 10 characters, so we understand what you need.")).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText("Message"), " to be sent, surely.");
    await user.click(within(form).getByRole("button", { name: "Send message" }));
    const busy = await within(form).findByRole("button", { name: "Sending…" });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(sent).toEqual([
      { name: "Amal", email: "amal@example.com", subject: "Fees", message: "Too short to be sent, surely.", formToken: "1795870000000.signature", website: "" },
    ]);
    reply.release({ received: true });
    expect(await screen.findByText("Thank you: your message has reached us.")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("Your name")).toHaveValue("");
  });

  it("says in Arabic what the server refused about a field", async () => {
    const user = userEvent.setup();
    await renderApp("/contact", {
      locale: "ar",
      calls: {
        contactUs: () => {
          throw Object.assign(new Error("validation"), {
            code: "badRequest",
            data: { reason: "validation", fields: { subject: "x" }, fieldKeys: { subject: "subject.tooLong" } },
          });
        },
      },
    });
    const form = await screen.findByRole("form", { name: "أرسل إلينا رسالة" });
    await user.type(within(form).getByLabelText("اسمك"), "أمل");
    await user.type(within(form).getByLabelText("بريدك الإلكتروني"), "amal@example.com");
    await user.type(within(form).getByLabelText("الموضوع"), "رسوم");
    await user.type(within(form).getByLabelText("الرسالة"), "كم تبلغ رسوم الشراء بالبطاقة؟");
    await user.click(within(form).getByRole("button", { name: "أرسل الرسالة" }));
    expect(await within(form).findByText("اجعل الموضوع في حدود 150 حرف.")).toBeInTheDocument();
  });
});

describe("the newsletter sign-up", () => {
  it("sends the address and says to check the inbox, whatever the address", async () => {
    const user = userEvent.setup();
    const { call } = await renderApp("/contact", { calls: { subscribe: () => ({ checkInbox: true }) } });
    const signup = await screen.findByRole("region", { name: "The Sarraf newsletter" });
    await user.type(within(signup).getByLabelText("E-mail for the newsletter"), "reader@example.com");
    await user.keyboard("{Enter}");
    expect(await within(signup).findByText("Check your inbox")).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith("subscribe", { email: "reader@example.com", website: "" });
  });

  it("is in the footer of other public pages, loaded after the page", async () => {
    await renderApp("/blog");
    const footer = await screen.findByRole("contentinfo");
    expect(await within(footer).findByRole("region", { name: "The Sarraf newsletter" })).toBeInTheDocument();
  });
});
