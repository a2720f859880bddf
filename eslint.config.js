import js from "@eslint/js";
import tseslint from "typescript-eslint";
// eslint-plugin-import-x stays at 4.6.x: later versions resolve through unrs-resolver, whose
// non-Linux binaries the registry these machines reach lacks, so `npm ci` rejects the lockfile
// (tests/unit/lockfile.test.ts). tests/unit/lint-boundaries.test.ts proves the rules still fire.
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Imports flow one way. Machines are pure; views select and send, never reach the world.
const zones = [
  {
    target: "./machines",
    from: ["./src", "./server", "./tests", "./tools"],
    message: "Machines are pure: they import nothing from the app, the server or tests.",
  },
  {
    target: ["./src/views", "./src/ui"],
    from: ["./src/adapters", "./src/app"],
    message: "Views never import the API client, storage or other adapters: they select from actors and send events.",
  },
  {
    target: ["./src/lib", "./src/actors", "./src/i18n"],
    from: ["./src/views", "./src/app"],
    message: "Shared code does not import features or the app shell.",
  },
  { target: "./src", from: "./server", message: "The SPA talks to the server over HTTP only." },
  {
    target: "./server",
    from: "./src",
    except: ["./lib/contract"],
    message: "The server does not import the SPA; only the request schemas in src/lib/contract are shared.",
  },
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
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-hot-toast", importNames: ["default", "toast"], message: "Raise toasts through src/adapters/notify.ts." }] },
      ],
    },
  },
  {
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["react", "react-*", "@xstate/react", "wouter", "wouter/*", "firebase", "firebase/*", "react-hot-toast", "ofetch"], message: "Machines import no React, router, Firebase, toast or fetch." }] },
      ],
    },
  },
  {
    files: ["src/views/**/*.{ts,tsx}", "src/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["firebase", "firebase/*", "ofetch", "react-hot-toast"], message: "Views never import Firebase, fetch or toasts directly." }] },
      ],
      "no-restricted-globals": ["error", { name: "localStorage", message: "Views never touch storage." }, { name: "fetch", message: "Views never call the network." }],
    },
  },
);
