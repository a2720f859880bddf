import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "<rootDir>/src/features/public/legal/**"],
    },
    // The legal documents' long texts: loaded with their pages only (src/features/public/legal/catalog.ts).
    {
      path: "<rootDir>/locales/{locale}/legal",
      include: ["<rootDir>/src/features/public/legal"],
      exclude: ["**/*.test.*"],
    },
  ],
  format: "po",
  orderBy: "messageId",
});
