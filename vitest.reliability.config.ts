import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

// The reliability suite (reliability/): bad input, security, the bank and crash tests. `npm test`
// runs it small; `npm run test:reliability` runs it full size (RELIABILITY_SIZE=full).
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ["reliability/**/*.test.ts"],
      testTimeout: 600_000,
      hookTimeout: 120_000,
    },
  }),
);
