import { describe, expect, it } from "vitest";
import { hashSecret, verifySecret } from "./password";

describe("secret hashing", () => {
  it("verifies the right secret and rejects a wrong one", async () => {
    const stored = await hashSecret("s3cret-value");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain("s3cret-value");
    expect(await verifySecret("s3cret-value", stored)).toBe(true);
    expect(await verifySecret("s3cret-valuf", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashSecret("same")).not.toBe(await hashSecret("same"));
  });

  it("rejects a malformed stored hash instead of throwing", async () => {
    expect(await verifySecret("x", "plain-text")).toBe(false);
  });
});
