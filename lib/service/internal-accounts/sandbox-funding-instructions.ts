import type { InternalAccount as InternalAccountRow } from "@/lib/generated/prisma/client";
import { currencyInfo } from "../sandbox/currencies";
import { bitcoinRegtestAddress, clabe, digits, evmAddress, iban, seedBytes, solanaAddress } from "./sandbox-addresses";
import type { PaymentAccountOrWalletInfo, PaymentInstructions } from "./schemas";

const BANK_NAME = "Service Sandbox Bank";
const BANK_ADDRESS = "1 Sandbox Plaza, New York, NY 10001, US";
const ACCOUNT_HOLDER = "Service Sandbox Payments FBO Customers";
/** The well-known ABA test routing number (valid checksum, routes nowhere). */
export const SANDBOX_ROUTING_NUMBER = "110000000";
const SANDBOX_SWIFT = { EUR: "SBOXDEFFXXX", OTHER: "SBOXUS33XXX" } as const;
/** A German BLZ outside the Bundesbank's assigned ranges, so no IBAN below is a real account. */
const SANDBOX_BLZ = "99990000";

/**
 * The account's sandbox funding instructions (BEHAVIORS.md §1.3 `fundingPaymentInstructions`):
 * bank details for fiat (USD, EUR, GBP, MXN local rails; SWIFT for the rest), deposit addresses
 * for crypto, none for embedded wallets (they are funded by transfers and quotes). Derived from
 * the account id alone, so they never change. Paying them is simulated with
 * POST /sandbox/internal-accounts/{accountId}/fund.
 */
export function sandboxFundingInstructions(account: Pick<InternalAccountRow, "id" | "type" | "currency" | "customerId">): PaymentInstructions[] {
  // Every serialization of an account carries them (each payment's balance event, every list
  // page) and each costs several SHA-256s: made once per account and shared, frozen (a caller that
  // changed them would throw, not change every account's answer).
  const key = `${account.type}|${account.currency}|${account.customerId === null ? "platform" : "customer"}|${account.id}`;
  let made = instructionsByAccount.get(key);
  if (!made) {
    if (instructionsByAccount.size >= 10_000) instructionsByAccount.clear(); // bounded: one entry per account recently serialized
    instructionsByAccount.set(key, (made = deepFreeze(fundingInstructions(account))));
  }
  return made;
}
const instructionsByAccount = new Map<string, PaymentInstructions[]>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") for (const inner of Object.values(Object.freeze(value))) deepFreeze(inner);
  return value;
}

function fundingInstructions(account: Pick<InternalAccountRow, "id" | "type" | "currency" | "customerId">): PaymentInstructions[] {
  if (account.type === "EMBEDDED_WALLET") return [];
  const forms = account.type === "INTERNAL_FIAT" ? [bankForm(account.id, account.currency)] : walletForms(account.id, account.currency);
  const isPlatformAccount = account.customerId === null;
  return forms.map((accountOrWalletInfo) => ({
    instructionsNotes: notes(accountOrWalletInfo, account.currency),
    ...(isPlatformAccount && { isPlatformAccount: true }),
    accountOrWalletInfo,
  }));
}

/** What a sender puts in the memo; short enough for ACH addenda and SEPA remittance fields. */
export function fundingReference(internalAccountId: string): string {
  return `SBX${digits(seedBytes(internalAccountId, "reference"), 12)}`;
}

function bankForm(id: string, currency: string): PaymentAccountOrWalletInfo {
  const seed = seedBytes(id, "bank");
  const common = { bankName: BANK_NAME, accountHolderName: ACCOUNT_HOLDER, reference: fundingReference(id) };
  switch (currency) {
    case "USD":
      return {
        accountType: "USD_ACCOUNT",
        accountNumber: `9${digits(seed, 11)}`,
        routingNumber: SANDBOX_ROUTING_NUMBER,
        bankAddress: BANK_ADDRESS,
        ...common,
        paymentRails: ["ACH", "WIRE", "RTP", "FEDNOW"],
      };
    case "EUR":
      return { accountType: "EUR_ACCOUNT", iban: iban("DE", `${SANDBOX_BLZ}${digits(seed, 10)}`), swiftCode: SANDBOX_SWIFT.EUR, ...common, paymentRails: ["SEPA", "SEPA_INSTANT"] };
    case "GBP":
      return { accountType: "GBP_ACCOUNT", sortCode: "009999", accountNumber: digits(seed, 8), ...common, paymentRails: ["FASTER_PAYMENTS"] };
    case "MXN":
      // Bank code 999 and plaza 999 are unassigned: the CLABE is well-formed but reaches nobody.
      return { accountType: "MXN_ACCOUNT", clabeNumber: clabe(`999999${digits(seed, 11)}`), ...common, paymentRails: ["SPEI"] };
    default:
      return { accountType: "SWIFT_ACCOUNT", country: "US", swiftCode: SANDBOX_SWIFT.OTHER, accountNumber: `8${digits(seed, 11)}`, ...common, paymentRails: ["SWIFT"] };
  }
}

function walletForms(id: string, currency: string): PaymentAccountOrWalletInfo[] {
  if (currency === "BTC") return [{ accountType: "BITCOIN_L1", address: bitcoinRegtestAddress(seedBytes(id, "btc")), network: "BITCOIN" }];
  // One key per account: the same EVM address on every EVM network, as a real custodian would.
  const evm = evmAddress(seedBytes(id, "evm"));
  return [
    { accountType: "SOLANA_WALLET", address: solanaAddress(seedBytes(id, "solana")), assetType: currency },
    { accountType: "ETHEREUM_WALLET", address: evm, assetType: currency },
    { accountType: "BASE_WALLET", address: evm, assetType: currency },
    { accountType: "POLYGON_WALLET", address: evm, assetType: currency },
  ];
}

function notes(info: PaymentAccountOrWalletInfo, currency: string): string {
  const simulate = "In the sandbox nothing is sent: simulate the deposit with POST /sandbox/internal-accounts/{accountId}/fund.";
  if ("reference" in info) return `Send ${currency} to this account with the reference ${info.reference} so the deposit is matched to the account. ${simulate}`;
  const decimals = currencyInfo(currency)?.decimals;
  const network = info.accountType === "BITCOIN_L1" ? "Bitcoin (regtest)" : info.accountType.replace(/_WALLET$/, "").toLowerCase();
  return `Send ${currency} on ${network} to this address (test network; ${decimals ?? "?"} decimals in this API's amounts). ${simulate}`;
}
