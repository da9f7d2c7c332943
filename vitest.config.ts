import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": path.dirname(fileURLToPath(import.meta.url)) }, // tsconfig paths @/* → ./*
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
