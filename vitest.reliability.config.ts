import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The reliability suite (reliability/): bad input, security, the bank and crash tests. `npm test`
// runs it small; `npm run test:reliability` runs it full size (RELIABILITY_SIZE=full). Its own
// config, not merged with vitest.config.ts: merging would concatenate the `include` lists.
export default defineConfig({
  resolve: {
    alias: { "@": path.dirname(fileURLToPath(import.meta.url)) },
  },
  test: {
    include: ["reliability/**/*.test.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
