import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { describeExternalAccount, describeInternalAccount, lastFour, shortAddress } from "./describe-destination";

type ExternalAccount = components["schemas"]["ExternalAccount"];
type InternalAccount = components["schemas"]["InternalAccount"];

const account = (currency: string, accountInfo: Record<string, unknown>) => ({ currency, accountInfo }) as unknown as ExternalAccount;
const JANE = { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe" };

describe("the wallet's description of where a payment goes", () => {
  it.each([
    ["a US bank account, as the API masks it", account("USD", { accountType: "USD_ACCOUNT", accountNumber: "****6000", routingNumber: "021000021", beneficiary: JANE }), "USD bank account ****6000 · Jane Doe"],
    ["an IBAN, never more than its last four", account("EUR", { accountType: "EUR_ACCOUNT", iban: "DE89370400440532013000", beneficiary: { beneficiaryType: "BUSINESS", legalName: "Acme GmbH" } }), "EUR bank account ****3000 · Acme GmbH"],
    ["a SWIFT account", account("GBP", { accountType: "SWIFT_ACCOUNT", accountNumber: "****1234", swiftCode: "BARCGB22", beneficiary: JANE }), "GBP bank account (SWIFT) ****1234 · Jane Doe"],
    ["a crypto wallet, its address shortened", account("USDC", { accountType: "BASE_WALLET", address: "0x52908400098527886E0F7030069857D2E4169EE7" }), "USDC wallet on Base 0x5290…9EE7"],
    ["a wallet with a named owner", account("USDC", { accountType: "SOLANA_WALLET", address: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", beneficiary: JANE }), "USDC wallet on Solana 7EcDhS…FLtV · Jane Doe"],
    ["a Lightning address, whole", account("BTC", { accountType: "LIGHTNING", lightningAddress: "jane@wallet.example" }), "Lightning jane@wallet.example"],
  ])("describes %s", (_, external, text) => {
    expect(describeExternalAccount(external)).toBe(text);
  });

  it("masks to the last four and shortens only long addresses", () => {
    expect(lastFour("123456789000")).toBe("****9000");
    expect(lastFour("****9000")).toBe("****9000");
    expect(shortAddress("sp1short")).toBe("sp1short");
    expect(shortAddress("0x52908400098527886E0F7030069857D2E4169EE7")).toBe("0x5290…9EE7");
  });

  it("calls an account of the wallet's own customer theirs, and any other one the platform's", () => {
    const usd = { customerId: "Customer:a", balance: { amount: 0, currency: { code: "USD", decimals: 2 } } } as unknown as InternalAccount;
    expect(describeInternalAccount(usd, "Customer:a")).toBe("your USD account");
    expect(describeInternalAccount(usd, "Customer:b")).toBe("a USD account held with the platform");
  });
});
