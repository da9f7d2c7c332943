import type { Platform, PlatformFeeConfig } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { EmbeddedWalletConfig, PlatformConfig, PlatformCurrencyConfig } from "./schemas";

export function serializeConfig(platform: Platform, feeConfigs: PlatformFeeConfig[]): PlatformConfig {
  const config: PlatformConfig = {
    id: formatId("Platform", platform.id),
    supportedCurrencies: platform.supportedCurrencies as PlatformCurrencyConfig[],
    isRegulatedFinancialInstitution: platform.isRegulatedFinancialInstitution,
    skipVerificationPaperwork: platform.skipVerificationPaperwork,
    embeddedWalletConfig: platform.embeddedWalletConfig as EmbeddedWalletConfig,
    // GET /config shows active fee configs only (BEHAVIORS.md §1.1); inactive ones are deleted.
    feeConfigs: feeConfigs.map((f) => ({
      feeType: "CROSS_CURRENCY_TRANSACTION" as const,
      sourceCurrency: f.sourceCurrency,
      variableFeeBps: f.variableFeeBps,
      fixedFee: { amount: Number(f.fixedFeeAmount), currency: f.fixedFeeCurrency },
    })),
    webhookPublicKey: platform.webhookPublicKeyPem,
    createdAt: platform.createdAt.toISOString(),
    updatedAt: platform.updatedAt.toISOString(),
  };
  if (platform.umaDomain) config.umaDomain = platform.umaDomain;
  if (platform.proxyUmaSubdomain) config.proxyUmaSubdomain = platform.proxyUmaSubdomain;
  if (platform.webhookEndpoint) config.webhookEndpoint = platform.webhookEndpoint;
  if (platform.cardTokenization2faConfig) config.cardTokenization2faConfig = platform.cardTokenization2faConfig as PlatformConfig["cardTokenization2faConfig"];
  return config;
}
