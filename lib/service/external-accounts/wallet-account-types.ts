import { BOLT11_INVOICE, BOLT12_OFFER, EVM_ADDRESS, LIGHTNING_ADDRESS, SOLANA_ADDRESS, SPARK_ADDRESS, TRON_ADDRESS, text, type FieldDef } from "./account-fields";
import type { AccountTypeSpec } from "./account-type-spec";
import { WalletBeneficiarySchema } from "./beneficiary-schemas";

function wallet(accountType: string, schemaName: string, address: FieldDef, currencies: string[]): AccountTypeSpec {
  return {
    accountType,
    schemaName,
    kind: "WALLET",
    currencies,
    // vaspName: the wallet is held at an exchange (VASP-hosted), not self-custodied.
    fields: { address, vaspName: text(255, "Example Exchange")(false) },
    rails: [],
    beneficiary: WalletBeneficiarySchema,
    identity: ["address"],
    primary: ["address"],
  };
}

/**
 * Wallet types and the assets each carries (BEHAVIORS.md §1.4). Spark and Lightning carry
 * bitcoin; Spark also USDB (our choice: the reference names no asset for them).
 */
export const WALLET_ACCOUNT_TYPES: readonly AccountTypeSpec[] = [
  wallet("SOLANA_WALLET", "SolanaWallet", SOLANA_ADDRESS(), ["USDC"]),
  wallet("BASE_WALLET", "BaseWallet", EVM_ADDRESS(), ["USDC"]),
  wallet("POLYGON_WALLET", "PolygonWallet", EVM_ADDRESS(), ["USDC"]),
  wallet("ETHEREUM_WALLET", "EthereumWallet", EVM_ADDRESS(), ["USDC", "USDT"]),
  wallet("TRON_WALLET", "TronWallet", TRON_ADDRESS(), ["USDT"]),
  wallet("PLASMA_WALLET", "PlasmaWallet", EVM_ADDRESS(), ["USDT"]),
  wallet("SPARK_WALLET", "SparkWallet", SPARK_ADDRESS(), ["BTC", "USDB"]),
  {
    accountType: "LIGHTNING",
    schemaName: "Lightning",
    kind: "LIGHTNING",
    currencies: ["BTC"],
    fields: { lightningAddress: LIGHTNING_ADDRESS(false), invoice: BOLT11_INVOICE(false), bolt12: BOLT12_OFFER(false) },
    exactlyOne: ["lightningAddress", "invoice", "bolt12"],
    rails: [],
    identity: ["lightningAddress", "invoice", "bolt12"],
    primary: ["lightningAddress", "invoice", "bolt12"],
  },
];

/** EVM chains: addresses compare case-insensitively (EIP-55 case is only a checksum). */
export const EVM_WALLET_TYPES: ReadonlySet<string> = new Set(["BASE_WALLET", "POLYGON_WALLET", "ETHEREUM_WALLET", "PLASMA_WALLET"]);
