import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { checkOidcToken } from "./oidc-token";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vectors file is untyped JSON
const V: any = JSON.parse(readFileSync("/work/shared/reference/wallet-vectors.json", "utf8"));

describe("sandbox OIDC checks replay oauth.cases of the vectors", () => {
  for (const c of V.oauth.cases as {
    name: string;
    oidcToken: string;
    requestTimeEpochSeconds: number;
    mode: "create" | "verify";
    clientPublicKey: string | null;
    credentialIdentity: { iss: string; aud: string; sub: string } | null;
    expected: { ok: boolean; status?: number; code?: string; reason?: string };
  }[]) {
    it(c.name, () => {
      const run = () =>
        c.mode === "create"
          ? checkOidcToken(c.oidcToken, { mode: "create", nowSeconds: c.requestTimeEpochSeconds })
          : checkOidcToken(c.oidcToken, { mode: "verify", nowSeconds: c.requestTimeEpochSeconds, clientPublicKey: c.clientPublicKey!, identity: c.credentialIdentity! });
      if (c.expected.ok) {
        expect(run()).toMatchObject({ iss: expect.any(String), sub: expect.any(String) });
        return;
      }
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(isServiceError(error)).toBe(true);
      if (!isServiceError(error)) return;
      expect(error.status).toBe(c.expected.status);
      expect(error.code).toBe(c.expected.code);
      if (c.expected.status === 401 || c.expected.reason === "malformed JWT") expect(error.details?.reason).toBe(c.expected.reason);
    });
  }

  it("the nonce is the hex SHA-256 of the key text", () => {
    expect(V.oauth.nonce).toBe(createHash("sha256").update(V.oauth.clientPublicKey).digest("hex"));
  });
});
