// Contact and newsletter's answers for graph specs, machine tests and view tests, typed by the
// contract. Only tests and graph specs import this file.
import type { ContactFields, FormToken } from "./contact.types.ts";

export const formToken: FormToken = { formToken: "1795870000000.sig", minSeconds: 3 };

export const contactFields: ContactFields = {
  name: "Amal Haddad",
  email: "amal@example.com",
  subject: "A question about fees",
  message: "How much does a card buy of 100 USD cost?",
};

/** A failed call as the API client raises it: its code, the server's words, and data.reason. */
export const failed = (code: string, reason?: string, data: Record<string, unknown> = {}) => ({
  code,
  message: "server message",
  ...(reason ? { data: { reason, ...data } } : {}),
});
