import { z } from "@hono/zod-openapi";
import type { FieldDef } from "../external-accounts/account-fields";
import { WALLET_ACCOUNT_TYPES } from "../external-accounts/wallet-account-types";
import type { CryptoNetwork } from "./schemas";

export interface NetworkRule {
  /** Assets the network carries (as the wallet account types say, BEHAVIORS.md §1.4). */
  currencies: readonly string[];
  /** Validates an address on the network. */
  address: z.ZodType;
}

const BITCOIN_ADDRESS = z
  .string()
  .regex(/^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$|^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/, "must be a Bitcoin address: bech32 (bc1…, tb1…, bcrt1…) or base58 (1…, 3…)");

function walletRule(walletType: string): NetworkRule {
  const spec = WALLET_ACCOUNT_TYPES.find((t) => t.accountType === walletType)!;
  return { currencies: spec.currencies as readonly string[], address: (spec.fields.address as FieldDef).create };
}

/** Per network: the assets it carries and its address format (shared with wallet external accounts). */
export const NETWORK_RULES: Readonly<Record<CryptoNetwork, NetworkRule>> = {
  ETHEREUM: walletRule("ETHEREUM_WALLET"),
  BASE: walletRule("BASE_WALLET"),
  POLYGON: walletRule("POLYGON_WALLET"),
  SOLANA: walletRule("SOLANA_WALLET"),
  TRON: walletRule("TRON_WALLET"),
  PLASMA: walletRule("PLASMA_WALLET"),
  SPARK: walletRule("SPARK_WALLET"),
  BITCOIN: { currencies: ["BTC"], address: BITCOIN_ADDRESS },
};
