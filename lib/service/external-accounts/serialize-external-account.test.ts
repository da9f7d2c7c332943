import { describe, expect, it } from "vitest";
import { uuidv7 } from "../http/ids";
import { accountTypeSpec } from "./account-types";
import { serializeExternalAccount, type ExternalAccountRow } from "./serialize-external-account";

const reversed = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;

describe("serializeExternalAccount", () => {
  it("puts accountInfo's and the beneficiary's keys back in the schema's order whatever order JSONB kept, unknown keys last as they came", () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const row: ExternalAccountRow = {
      id: uuidv7(),
      platformId: uuidv7(),
      customerId: uuidv7(),
      currency: "USD",
      accountType: "USD_ACCOUNT",
      // As JSONB may hand them back: shortest keys first, here simply reversed, with a key the schema does not name.
      accountInfo: reversed({ accountType: "USD_ACCOUNT", accountNumber: "000123456789", routingNumber: "021000021", bankAccountType: "CHECKING", legacyNote: "kept" }),
      beneficiary: reversed({ beneficiaryType: "INDIVIDUAL", fullName: "Ada Lovelace", address: reversed({ line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" }) }),
      status: "ACTIVE",
      ownershipType: null,
      platformAccountId: null,
      activePlatformAccountId: null,
      fingerprint: "f",
      activeFingerprint: "f",
      defaultDepositCustomerId: null,
      beneficiaryVerificationStatus: null,
      beneficiaryVerifiedData: null,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
    };
    const fields = Object.keys(accountTypeSpec("USD_ACCOUNT")!.fields);
    for (let i = 0; i < 2; i++) {
      const { accountInfo } = serializeExternalAccount(row) as unknown as { accountInfo: Record<string, unknown> & { beneficiary: Record<string, unknown> & { address: object } } };
      const named = Object.keys(accountInfo).filter((key) => key === "accountType" || fields.includes(key));
      expect(named).toEqual(["accountType", ...fields].filter((key) => key in accountInfo));
      expect(Object.keys(accountInfo).indexOf("legacyNote")).toBeGreaterThan(Object.keys(accountInfo).indexOf(named.at(-1)!));
      expect(accountInfo.accountNumber).toBe("****6789");
      expect(Object.keys(accountInfo.beneficiary)).toEqual(["beneficiaryType", "fullName", "address"]);
      expect(Object.keys(accountInfo.beneficiary.address)).toEqual(["line1", "city", "postalCode", "country"]);
    }
  });
});
