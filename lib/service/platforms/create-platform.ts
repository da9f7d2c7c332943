import { generateKeyPairSync } from "node:crypto";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { DEFAULT_ENABLED_CURRENCIES, currencyInfo } from "../sandbox/currencies";
import { wallClock } from "../sandbox/clock";
import type { PlatformCurrencyConfig } from "../config/schemas";

export interface CreatePlatformInput {
  name: string;
  environment?: "SANDBOX" | "PRODUCTION";
}

/** A new tenant with sandbox defaults (BEHAVIORS.md §1.1, §1.6) and its webhook signing key pair. */
export async function createPlatform(db: DbOrTx, input: CreatePlatformInput) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const at = wallClock();
  return db.platform.create({
    data: {
      id: uuidv7(at.getTime()),
      name: input.name,
      environment: input.environment ?? "SANDBOX",
      supportedCurrencies: DEFAULT_ENABLED_CURRENCIES.map(
        (currencyCode): PlatformCurrencyConfig => ({
          currencyCode,
          minAmount: 1,
          maxAmount: defaultMaxAmount(currencyCode),
          requiredCounterpartyFields: [],
          enabledTransactionTypes: ["INCOMING", "OUTGOING"],
        }),
      ),
      embeddedWalletConfig: { appName: input.name, otpLength: 6, alphanumeric: false, expirationSeconds: 300 },
      webhookPrivateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      webhookPublicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
      createdAt: at,
      updatedAt: at,
    },
  });
}

/** 10,000,000 whole units in minor units (USD: the service's own per-payment limit; USDB: 10^13 micro-units). */
export function defaultMaxAmount(currencyCode: string): number {
  return 10_000_000 * 10 ** (currencyInfo(currencyCode)?.decimals ?? 2);
}
