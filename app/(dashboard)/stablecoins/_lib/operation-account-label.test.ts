import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { operationAccountLabel } from "./operation-account-label";

type ExternalAccount = components["schemas"]["ExternalAccount"];

const account = (fields: Partial<Omit<ExternalAccount, "accountInfo">> & { accountInfo: Record<string, unknown> }) => ({ id: "ExternalAccount:1", currency: "EUR", status: "ACTIVE", ...fields }) as unknown as ExternalAccount;

describe("operationAccountLabel", () => {
  it("names a bank account by its currency, kind, masked number and owner", () => {
    expect(operationAccountLabel(account({ accountInfo: { accountType: "EUR_ACCOUNT", iban: "****3000" } }))).toBe("EUR · Bank account ****3000 · Platform");
    expect(operationAccountLabel(account({ currency: "USD", customerId: "Customer:9", accountInfo: { accountType: "USD_ACCOUNT", accountNumber: "****1000", routingNumber: "021000021" } }), "Jane Doe")).toBe(
      "USD · Bank account ****1000 · Jane Doe",
    );
  });
  it("shows a customer's id when their name is not known", () => {
    expect(operationAccountLabel(account({ customerId: "Customer:9", accountInfo: { accountType: "EUR_ACCOUNT", iban: "****3000" } }))).toBe("EUR · Bank account ****3000 · customer Customer:9");
  });
  it("shortens a wallet address in the middle", () => {
    const accountInfo = { accountType: "SPARK_WALLET", address: "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu" };
    expect(operationAccountLabel(account({ currency: "BTC", accountInfo }))).toBe("BTC · Spark wallet sparkrt1pgssyu…6dj6mrhu · Platform");
  });
});
