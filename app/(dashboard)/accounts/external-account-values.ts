import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";

type CreateRequest = components["schemas"]["PlatformExternalAccountCreateRequest"];
type CreateInfo = components["schemas"]["ExternalAccountCreateInfoOneOf"];

/** The kinds the form offers; the API takes many more (see the API reference). */
export const ACCOUNT_KINDS = {
  USD_ACCOUNT: { label: "US bank account (USD)", currency: "USD" },
  EUR_ACCOUNT: { label: "SEPA bank account (EUR, IBAN)", currency: "EUR" },
  USDC_WALLET: { label: "USDC wallet", currency: "USDC" },
} as const;
export type AccountKind = keyof typeof ACCOUNT_KINDS;

export const WALLET_NETWORKS = ["SOLANA_WALLET", "BASE_WALLET", "ETHEREUM_WALLET", "POLYGON_WALLET"] as const;

const text = (max = 255) => z.string().max(max);

/**
 * The add-external-account form: strings as typed. Fields that go on the wire are named by the
 * API's path in the components (`accountInfo.routingNumber`), so its errors land beside them.
 */
export const ExternalAccountFormSchema = z.object({
  owner: z.enum(["CUSTOMER", "PLATFORM"]),
  customerId: text(200),
  kind: z.enum(["USD_ACCOUNT", "EUR_ACCOUNT", "USDC_WALLET"]),
  platformAccountId: text(),
  usd: z.object({ routingNumber: text(50), accountNumber: text(50), bankAccountType: z.enum(["CHECKING", "SAVINGS"]), bankName: text() }),
  eur: z.object({ iban: text(50), swiftCode: text(20) }),
  wallet: z.object({ network: z.enum(WALLET_NETWORKS), address: text(200), vaspName: text(), ownershipType: z.enum(["FIRST_PARTY", "THIRD_PARTY"]) }),
  beneficiary: z.object({
    beneficiaryType: z.enum(["INDIVIDUAL", "BUSINESS"]),
    fullName: text(),
    legalName: text(),
    registrationNumber: text(),
    countryOfResidence: text(10),
    address: z.object({ line1: text(), line2: text(), city: text(), state: text(), postalCode: text(50), country: text(10) }),
  }),
});
export type ExternalAccountFormValues = z.infer<typeof ExternalAccountFormSchema>;

export function emptyExternalAccountForm(customerId = ""): ExternalAccountFormValues {
  return {
    owner: "CUSTOMER",
    customerId,
    kind: "USD_ACCOUNT",
    platformAccountId: "",
    usd: { routingNumber: "", accountNumber: "", bankAccountType: "CHECKING", bankName: "" },
    eur: { iban: "", swiftCode: "" },
    wallet: { network: "SOLANA_WALLET", address: "", vaspName: "", ownershipType: "FIRST_PARTY" },
    beneficiary: {
      beneficiaryType: "INDIVIDUAL",
      fullName: "",
      legalName: "",
      registrationNumber: "",
      countryOfResidence: "",
      address: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
    },
  };
}

/** Trimmed text, or nothing: empty fields are left out so the API can name the ones it needs. */
function given(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function beneficiary(values: ExternalAccountFormValues) {
  const b = values.beneficiary;
  const a = b.address;
  const address = { line1: given(a.line1), line2: given(a.line2), city: given(a.city), state: given(a.state), postalCode: given(a.postalCode), country: given(a.country)?.toUpperCase() };
  const common = { countryOfResidence: given(b.countryOfResidence)?.toUpperCase(), address };
  if (b.beneficiaryType === "INDIVIDUAL") return { beneficiaryType: "INDIVIDUAL" as const, fullName: given(b.fullName), ...common };
  return { beneficiaryType: "BUSINESS" as const, legalName: given(b.legalName), registrationNumber: given(b.registrationNumber), ...common };
}

function accountInfo(values: ExternalAccountFormValues): CreateInfo {
  if (values.kind === "USD_ACCOUNT") {
    const { routingNumber, accountNumber, bankAccountType, bankName } = values.usd;
    return { accountType: "USD_ACCOUNT", routingNumber: routingNumber.trim(), accountNumber: accountNumber.trim(), bankAccountType, bankName: given(bankName), beneficiary: beneficiary(values) } as CreateInfo;
  }
  if (values.kind === "EUR_ACCOUNT") {
    const iban = values.eur.iban.replace(/\s+/g, "").toUpperCase();
    return { accountType: "EUR_ACCOUNT", iban, swiftCode: given(values.eur.swiftCode), beneficiary: beneficiary(values) } as CreateInfo;
  }
  return { accountType: values.wallet.network, address: values.wallet.address.trim(), vaspName: given(values.wallet.vaspName) } as CreateInfo;
}

/**
 * The create body (without `customerId`). Bank accounts carry a beneficiary; a wallet carries
 * `ownershipType` unless it is held at an exchange (`vaspName`), as the travel rule asks.
 */
export function toCreateRequest(values: ExternalAccountFormValues): CreateRequest {
  const isSelfCustody = values.kind === "USDC_WALLET" && !given(values.wallet.vaspName);
  return {
    currency: ACCOUNT_KINDS[values.kind].currency,
    platformAccountId: given(values.platformAccountId),
    ownershipType: isSelfCustody ? values.wallet.ownershipType : undefined,
    accountInfo: accountInfo(values),
  };
}
