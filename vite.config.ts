import { resolve } from "node:path";
import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { splitCatalogs } from "./tools/build/catalog-plugin.ts";

const apiPort = process.env.PORT ?? "3000";

/**
 * Chunks of what every page starts with. On a slow phone's link each request costs a round trip
 * (half a second on Slow 4G) and a browser opens six at a time, so tens of small shared chunks
 * cost seconds: the libraries every page runs, and the app's shared code, go in one chunk each.
 * React DOM stays apart (it is evaluated in its own task), and so does everything a page loads
 * only when needed: the contract's schemas (zod), the API client, charts, Firebase, the password
 * estimator.
 */
const VENDOR = /[\\/]node_modules[\\/](react|scheduler|use-sync-external-store|xstate|@xstate[\\/]react|@lingui[\\/](core|react)|wouter|regexparam|mitt)[\\/]/;
const APP =
  /[\\/](src[\\/](shared|features[\\/](auth|shell)[\\/](components|hooks))|contract[\\/](vocabulary|onrampVocabulary|quotes|pages|fieldIssues|firstAnswers)\.ts)/;
const APP_EXCLUDED =
  /[\\/]src[\\/]shared[\\/](api[\\/](typedCall|client|call|upload)|ui[\\/](strength|strengthTexts|NewPasswordField|DateInput|InlineField|FilePicker)|lib[\\/](strength|uploadLimit))\.tsx?$/;
/**
 * The API client (ofetch) with the paths it calls (not the route table's schemas: it needs no
 * zod): loaded with the first call, which a signed-in page makes at once.
 */
const API = /[\\/](src[\\/]shared[\\/]api[\\/](typedCall|client|call)\.ts|contract[\\/]routePaths\.ts|node_modules[\\/](ofetch|destr|ufo)[\\/])/;

/** The chunks above, for the browser's build (the prerender's server build keeps Rolldown's own). */
function firstLoadChunks(): Plugin {
  return {
    name: "sarraf:first-load-chunks",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Only the modules named: a captured module's own imports (the contract's schemas,
              // say) stay where they would be, loaded when they are needed.
              includeDependenciesRecursively: true,
              groups: [
                { name: "vendor", test: (id: string) => VENDOR.test(id) },
                { name: "app", test: (id: string) => APP.test(id) && !APP_EXCLUDED.test(id) },
                { name: "api", test: (id: string) => API.test(id) && !APP.test(id) },
              ],
              // Modules that several pages share but that are small (a status label, a formatter)
              // are copied into each page's chunk rather than fetched alone: a request costs more.
              experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
            },
          },
        },
      },
    }),
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Statechart `description`s are for diagrams and the statecharts viewer; XState never reads them
 * at run time. Production builds without the viewer drop them (about 1 KB gzip before first paint).
 */
function dropMachineDescriptions(): Plugin {
  let keep = true;
  return {
    name: "sarraf:drop-machine-descriptions",
    enforce: "post",
    configResolved(config) {
      keep = config.command !== "build" || config.env.VITE_STATECHARTS_VIEWER === "true";
    },
    transform(code, id) {
      if (keep || !/\/machines\/.+\.machine\.ts$/.test(id)) return null;
      const ranges: [number, number][] = [];
      const visit = (node: unknown): void => {
        if (!node || typeof node !== "object") return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as Node;
        const key = n.key as Node | undefined;
        const value = n.value as Node | undefined;
        if (n.type === "Property" && key?.type === "Identifier" && key.name === "description" && value?.type === "Literal") {
          ranges.push([n.start, n.end]);
          return;
        }
        for (const child of Object.values(n)) if (child && typeof child === "object") visit(child);
      };
      visit(this.parse(code));
      if (!ranges.length) return null;
      let out = "";
      let at = 0;
      for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
        out += code.slice(at, start);
        // Take the comma after the property too, so the object stays well-formed.
        at = /^\s*,/.test(code.slice(end)) ? end + code.slice(end).indexOf(",") + 1 : end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

/**
 * What follows the app's build, in order:
 * 1. the Firebase messaging service worker, as dist/firebase-messaging-sw.js: one self-contained
 *    classic script that shares no chunk with the app (the app's first paint stays one entry),
 *    which browsers without module service workers can run;
 * 2. every route's HTML in every language, public pages prerendered (tools/build/pages.ts);
 * 3. Brotli and gzip copies of every text file, for the server to send (tools/build/precompress.ts).
 * Not in the prerender's own (SSR) build, which reuses this configuration.
 */
function afterBuild(): Plugin {
  let root = ".";
  let outDir = "dist";
  let mode = "production";
  return {
    name: "sarraf:after-build",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      mode = config.mode;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        mode,
        logLevel: "warn",
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: "hidden",
          lib: {
            entry: "src/features/notifications/sw/firebase-messaging-sw.ts",
            formats: ["iife"],
            name: "sarrafMessagingWorker",
            fileName: () => "firebase-messaging-sw.js",
          },
        },
      });
      // Both steps are off only for the e2e files' own extra builds (tests/e2e/server.ts buildSpa),
      // which test neither prerendered pages nor compression (the run's main build does): the
      // server then sends index.html for every address, and the files as they are.
      if (process.env.BUILD_PAGES !== "off") {
        const { writePages } = await import("./tools/build/pages.ts");
        await writePages({ root, outDir, mode });
      }
      if (process.env.BUILD_PRECOMPRESS === "off") return;
      const { precompress } = await import("./tools/build/precompress.ts");
      await precompress(resolve(root, outDir));
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Lingui macros (t, Trans, msg) are compile-time: Babel rewrites them to runtime calls.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui(),
    splitCatalogs(),
    dropMachineDescriptions(),
    firstLoadChunks(),
    afterBuild(),
  ],
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${apiPort}` },
  },
  build: {
    outDir: "dist",
    // Written for reading error reports, but not named in the bundles: browsers never ask for
    // them, and the server does not serve them in production.
    sourcemap: "hidden",
    // The size benchmark reads it to know which chunks each route loads.
    manifest: true,
    // One stylesheet for the whole app (about 7 KB compressed), inlined in every page's HTML
    // (tools/build/pages.ts). Split per chunk, a page's chunks would fetch their own stylesheet
    // again when imported, and wait for it, though the page already has it inline.
    cssCodeSplit: false,
  },
});
