import type { SocialProvider } from "../../../machines/auth/socialPopup.machine.ts";

/** Brand names, the same in every language. */
export const providerNames: Record<SocialProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };
