import { z } from "@hono/zod-openapi";
import type { FieldDef } from "../external-accounts/account-fields";
import { WALLET_ACCOUNT_TYPES } from "../external-accounts/wallet-account-types";
import type { CryptoNetwork } from "./schemas";

export interface NetworkRule {
  /** Assets the network carries (as the wallet account types say, BEHAVIORS.md §1.4). */
  currencies: readonly string[];
  /** Validates an address on the network. */
  address: z.ZodType;
  /** Sandbox network fee, in millionths of a US dollar, charged in the withdrawn asset. */
  networkFeeUsdMicros: bigint;
}

const BITCOIN_ADDRESS = z
  .string()
  .regex(/^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$|^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/, "must be a Bitcoin address: bech32 (bc1…, tb1…, bcrt1…) or base58 (1…, 3…)");

function walletRule(walletType: string, networkFeeUsdMicros: bigint): NetworkRule {
  const spec = WALLET_ACCOUNT_TYPES.find((t) => t.accountType === walletType)!;
  return { currencies: spec.currencies as readonly string[], address: (spec.fields.address as FieldDef).create, networkFeeUsdMicros };
}

/**
 * Per network: assets, address format (shared with wallet external accounts) and a fixed,
 * deterministic sandbox network fee (roughly each chain's typical cost: Ethereum $1.50, Tron $1,
 * Bitcoin $2, L2s and Solana under a cent).
 */
export const NETWORK_RULES: Readonly<Record<CryptoNetwork, NetworkRule>> = {
  ETHEREUM: walletRule("ETHEREUM_WALLET", 1_500_000n),
  BASE: walletRule("BASE_WALLET", 10_000n),
  POLYGON: walletRule("POLYGON_WALLET", 10_000n),
  SOLANA: walletRule("SOLANA_WALLET", 5_000n),
  TRON: walletRule("TRON_WALLET", 1_000_000n),
  PLASMA: walletRule("PLASMA_WALLET", 0n),
  SPARK: walletRule("SPARK_WALLET", 1_000n),
  BITCOIN: { currencies: ["BTC"], address: BITCOIN_ADDRESS, networkFeeUsdMicros: 2_000_000n },
};

/** The Service's application fee on a withdrawal: 10 basis points of the amount, rounded half-even. */
export const APPLICATION_FEE_BPS = 10n;
