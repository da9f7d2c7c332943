import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateClientFiles } from "./generate";

describe("the typed client", () => {
  it("is generated from the current OpenAPI document (run `npm run openapi` when this fails)", async () => {
    const files = await generateClientFiles();
    for (const [name, content] of Object.entries(files)) {
      const committed = fs.readFileSync(path.join(process.cwd(), "lib/client/generated", name), "utf8");
      expect(committed, `lib/client/generated/${name} is stale`).toBe(content);
    }
  });
});
