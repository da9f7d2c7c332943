import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.dirname(fileURLToPath(import.meta.url)), // tsconfig paths @/* → ./*
      // Next resolves "server-only" to an empty module for server code; tests run that code the same way.
      "server-only": fileURLToPath(new URL("./node_modules/next/dist/compiled/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Values handed from vitest.global-setup.ts to tests via project.provide() / inject().
declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
