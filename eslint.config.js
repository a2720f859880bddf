import js from "@eslint/js";
import tseslint from "typescript-eslint";
// eslint-plugin-import-x stays at 4.6.x: later versions resolve through unrs-resolver, whose
// non-Linux binaries the registry these machines reach lacks, so `npm ci` rejects the lockfile
// (tests/unit/lockfile.test.ts). tests/unit/lint-boundaries.test.ts proves the rules still fire.
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

import { readdirSync } from "node:fs";

// Folders of one kind, read from disk: adding a feature means adding a folder, never editing a list.
const foldersIn = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith("__lint_probe"))
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const spaFeatures = foldersIn("src/features");
const serverModules = foldersIn("server/modules");

// Imports flow one way. Machines are pure; views select and send, never reach the world; a
// feature reaches another only through what that feature's index.ts exports on purpose.
const zones = [
  {
    target: "./contract",
    from: ["./src", "./server", "./machines", "./tests", "./tools", "./scripts"],
    message: "The contract is pure TypeScript + zod: it imports nothing from the app, the server or machines.",
  },
  {
    target: "./machines",
    from: ["./src", "./server", "./tests", "./tools", "./scripts"],
    message: "Machines are pure: they import only other machines and the contract.",
  },
  {
    target: ["./src/features/*/pages/**", "./src/features/*/components/**", "./src/shared/ui/**"],
    from: ["./src/shared/api", "./src/shared/adapters", "./src/app"],
    message: "Views never import the API client, storage or other adapters: they select from actors and send events.",
  },
  {
    target: ["./src/features/*/pages/**", "./src/features/*/components/**", "./src/shared/ui/**"],
    from: ["./src/features/*/adapters/**", "./src/features/*/services/**"],
    message: "Views never import a feature's adapters or services: they select from actors and send events.",
  },
  {
    target: "./src/shared",
    from: ["./src/features", "./src/app"],
    message: "Shared code does not import features or the app shell.",
  },
  ...spaFeatures.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`, ...spaFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: "A feature imports another feature only through its index.ts.",
  })),
  { target: "./src", from: "./server", message: "The SPA talks to the server over HTTP only." },
  { target: "./server", from: ["./src", "./machines"], message: "The server does not import the SPA or its machines; the contract is what they share." },
  {
    target: "./server/platform",
    from: "./server/modules",
    message: "The platform (http, db, mail, i18n, logging) imports no feature module.",
  },
  ...serverModules.map((module) => ({
    target: `./server/modules/${module}`,
    from: "./server/modules",
    except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
    message: "A server module imports another module only through its index.ts.",
  })),
];

export default tseslint.config(
  { ignores: ["dist/**", ".scratch/**", "node_modules/**", "coverage/**", "docs/**", "locales/**/*.js", "locales/**/*.ts", ".data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-self-import": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-hot-toast", importNames: ["default", "toast"], message: "Raise toasts through src/shared/adapters/notify.ts." }] },
      ],
    },
  },
  {
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-*", "@xstate/react", "wouter", "wouter/*", "firebase", "firebase/*", "react-hot-toast", "ofetch"],
              message: "Machines import no React, router, Firebase, toast or fetch.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/features/*/pages/**/*.{ts,tsx}", "src/features/*/components/**/*.{ts,tsx}", "src/shared/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["firebase", "firebase/*", "ofetch", "react-hot-toast"], message: "Views never import Firebase, fetch or toasts directly." }] },
      ],
      "no-restricted-globals": [
        "error",
        { name: "localStorage", message: "Views never touch storage." },
        { name: "fetch", message: "Views never call the network." },
      ],
    },
  },
);
