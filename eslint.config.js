import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", "dist/", "lib/generated/", "lib/client/generated/", "test-results/", ".data/", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, "readonly"])), process: "readonly", Buffer: "readonly", window: "readonly", document: "readonly", navigator: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // DESIGN.md "Time": domain code asks the clock (lib/service/sandbox/clock.ts) for the time.
    files: ["lib/service/**/*.ts"],
    ignores: ["lib/service/sandbox/clock.ts", "lib/service/**/*.test.ts", "lib/service/testing/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Use now(db, platformId) from lib/service/sandbox/clock.ts" },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Use now(db, platformId) from lib/service/sandbox/clock.ts" },
      ],
    },
  },
);
