import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  plugins: [
    react(),
    // Lingui macros (t, Trans, msg) are compile-time: Babel rewrites them to runtime calls.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui(),
  ],
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${apiPort}` },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // The size benchmark reads it to know which chunks each route loads.
    manifest: true,
  },
});
