// Test data only: a valid accountInfo for every account type, and helpers to create owners.
import type { TestApp, Credentials } from "../testing/test-app";

export const ADDRESS = { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" };
export const PERSON = { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe" };
export const PERSON_WITH_ADDRESS = { ...PERSON, address: ADDRESS };
export const COMPANY = { beneficiaryType: "BUSINESS", legalName: "Acme Corporation", address: ADDRESS };

type Example = { currency: string; accountInfo: Record<string, unknown>; ownershipType?: string };
const bank = (currency: string, accountInfo: Record<string, unknown>, beneficiary: Record<string, unknown> = PERSON): Example => ({
  currency,
  accountInfo: { ...accountInfo, beneficiary },
});

/** One valid create body (without owner fields) per account type. */
export const EXAMPLES: Readonly<Record<string, Example>> = {
  USD_ACCOUNT: bank("USD", { accountType: "USD_ACCOUNT", accountNumber: "000123456789", routingNumber: "021000021", bankAccountType: "CHECKING" }, PERSON_WITH_ADDRESS),
  EUR_ACCOUNT: bank("EUR", { accountType: "EUR_ACCOUNT", iban: "DE89370400440532013000", swiftCode: "COBADEFF" }, { ...PERSON_WITH_ADDRESS, countryOfResidence: "DE" }),
  DKK_ACCOUNT: bank("DKK", { accountType: "DKK_ACCOUNT", iban: "DK5000400440116243" }),
  GBP_ACCOUNT: bank("GBP", { accountType: "GBP_ACCOUNT", sortCode: "040004", accountNumber: "12345678" }, PERSON_WITH_ADDRESS),
  MXN_ACCOUNT: bank("MXN", { accountType: "MXN_ACCOUNT", clabeNumber: "002010077777777771" }),
  BRL_ACCOUNT: bank("BRL", { accountType: "BRL_ACCOUNT", pixKey: "12345678901", pixKeyType: "CPF", taxId: "12345678901" }),
  INR_ACCOUNT: bank("INR", { accountType: "INR_ACCOUNT", vpa: "jane.doe@okbank" }),
  CAD_ACCOUNT: bank("CAD", { accountType: "CAD_ACCOUNT", bankCode: "001", branchCode: "00011", accountNumber: "1234567" }),
  NGN_ACCOUNT: bank("NGN", { accountType: "NGN_ACCOUNT", accountNumber: "0123456789", bankName: "Access Bank" }),
  ZAR_ACCOUNT: bank("ZAR", { accountType: "ZAR_ACCOUNT", accountNumber: "123456789", bankName: "Standard Bank" }),
  PHP_ACCOUNT: bank("PHP", { accountType: "PHP_ACCOUNT", bankName: "BDO", accountNumber: "123456789012" }),
  SGD_ACCOUNT: bank("SGD", { accountType: "SGD_ACCOUNT", accountNumber: "1234567890", swiftCode: "DBSSSGSG" }),
  HKD_ACCOUNT: bank("HKD", { accountType: "HKD_ACCOUNT", bankName: "HSBC", accountNumber: "123456789", swiftCode: "HSBCHKHH" }),
  MYR_ACCOUNT: bank("MYR", { accountType: "MYR_ACCOUNT", bankName: "Maybank", accountNumber: "123456789", swiftCode: "MBBEMYKL" }),
  THB_ACCOUNT: bank("THB", { accountType: "THB_ACCOUNT", bankName: "Bangkok Bank", accountNumber: "123456789", swiftCode: "BKKBTHBK" }),
  VND_ACCOUNT: bank("VND", { accountType: "VND_ACCOUNT", bankName: "Vietcombank", accountNumber: "123456789", swiftCode: "BFTVVNVX" }),
  IDR_ACCOUNT: bank("IDR", { accountType: "IDR_ACCOUNT", bankName: "BCA", accountNumber: "123456789", swiftCode: "CENAIDJA", phoneNumber: "+6281234567890" }),
  AED_ACCOUNT: bank("AED", { accountType: "AED_ACCOUNT", iban: "AE070331234567890123456" }, PERSON_WITH_ADDRESS),
  KES_ACCOUNT: bank("KES", { accountType: "KES_ACCOUNT", phoneNumber: "+254712345678", provider: "M-PESA" }),
  TZS_ACCOUNT: bank("TZS", { accountType: "TZS_ACCOUNT", phoneNumber: "+255712345678", provider: "M-Pesa Tanzania" }),
  RWF_ACCOUNT: bank("RWF", { accountType: "RWF_ACCOUNT", phoneNumber: "+250712345678", provider: "MTN" }),
  ZMW_ACCOUNT: bank("ZMW", { accountType: "ZMW_ACCOUNT", phoneNumber: "+260971234567", provider: "Airtel" }),
  UGX_ACCOUNT: bank("UGX", { accountType: "UGX_ACCOUNT", phoneNumber: "+256712345678", provider: "MTN" }),
  MWK_ACCOUNT: bank("MWK", { accountType: "MWK_ACCOUNT", phoneNumber: "+265991234567", provider: "Airtel" }),
  BWP_ACCOUNT: bank("BWP", { accountType: "BWP_ACCOUNT", phoneNumber: "+26771234567", provider: "Orange" }),
  XOF_ACCOUNT: bank("XOF", { accountType: "XOF_ACCOUNT", phoneNumber: "+221771234567", provider: "Orange", region: "SN" }),
  XAF_ACCOUNT: bank("XAF", { accountType: "XAF_ACCOUNT", phoneNumber: "+237671234567", provider: "MTN", region: "CM" }),
  HTG_ACCOUNT: bank("HTG", { accountType: "HTG_ACCOUNT", phoneNumber: "+50931234567" }),
  GHS_ACCOUNT: bank("GHS", { accountType: "GHS_ACCOUNT", bankName: "GCB", accountNumber: "1234567890" }),
  CNY_ACCOUNT: bank("CNY", { accountType: "CNY_ACCOUNT", bankName: "ICBC", accountNumber: "6222021234567890" }),
  BDT_ACCOUNT: bank("BDT", { accountType: "BDT_ACCOUNT", bankName: "BRAC Bank", phoneNumber: "+8801712345678" }),
  COP_ACCOUNT: bank("COP", { accountType: "COP_ACCOUNT", bankName: "Bancolombia", accountNumber: "12345678901", bankAccountType: "SAVINGS" }),
  EGP_ACCOUNT: bank("EGP", { accountType: "EGP_ACCOUNT", bankName: "CIB", iban: "EG380019000500000000263180002" }),
  PKR_ACCOUNT: bank("PKR", { accountType: "PKR_ACCOUNT", bankName: "HBL", iban: "PK36SCBL0000001123456702" }),
  SLV_ACCOUNT: bank("SLV", { accountType: "SLV_ACCOUNT", accountNumber: "123456789" }),
  GTQ_ACCOUNT: bank("GTQ", { accountType: "GTQ_ACCOUNT", accountNumber: "123456789", bankAccountType: "CHECKING", bankName: "Banco Industrial" }, { ...PERSON, countryOfResidence: "GT", phoneNumber: "+50212345678" }),
  JMD_ACCOUNT: bank(
    "JMD",
    { accountType: "JMD_ACCOUNT", accountNumber: "123456789", branchCode: "12345", bankAccountType: "SAVINGS", bankName: "NCB" },
    { ...PERSON_WITH_ADDRESS, phoneNumber: "+18761234567" },
  ),
  SWIFT_ACCOUNT: bank("JPY", { accountType: "SWIFT_ACCOUNT", country: "JP", swiftCode: "MHCBJPJT", bankName: "Mizuho", accountNumber: "1234567" }),
  SOLANA_WALLET: { currency: "USDC", accountInfo: { accountType: "SOLANA_WALLET", address: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" }, ownershipType: "THIRD_PARTY" },
  BASE_WALLET: { currency: "USDC", accountInfo: { accountType: "BASE_WALLET", address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e" }, ownershipType: "THIRD_PARTY" },
  POLYGON_WALLET: { currency: "USDC", accountInfo: { accountType: "POLYGON_WALLET", address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e" }, ownershipType: "THIRD_PARTY" },
  ETHEREUM_WALLET: { currency: "USDT", accountInfo: { accountType: "ETHEREUM_WALLET", address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e" }, ownershipType: "THIRD_PARTY" },
  TRON_WALLET: { currency: "USDT", accountInfo: { accountType: "TRON_WALLET", address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" }, ownershipType: "THIRD_PARTY" },
  PLASMA_WALLET: { currency: "USDT", accountInfo: { accountType: "PLASMA_WALLET", address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e" }, ownershipType: "THIRD_PARTY" },
  SPARK_WALLET: { currency: "BTC", accountInfo: { accountType: "SPARK_WALLET", address: "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu" }, ownershipType: "THIRD_PARTY" },
  LIGHTNING: { currency: "BTC", accountInfo: { accountType: "LIGHTNING", lightningAddress: "jane@wallet.example" } },
};

/** A new individual customer of `auth`'s platform, as its wire id. */
export async function createCustomer(t: TestApp, auth: Credentials, fullName = "Jane Doe"): Promise<string> {
  const res = await t.call("POST", "/customers", { auth, body: { customerType: "INDIVIDUAL", fullName } });
  if (res.status !== 201) throw new Error(`customer not created: ${res.status} ${res.text}`);
  return res.json.id as string;
}

type Field = { field: string; message: string; constraint: Record<string, unknown> };
type ErrorResponse = { json: { details: { errors: Field[] } } };
export const fieldsOf = (res: ErrorResponse) => res.json.details.errors.map((e) => e.field).sort();
export const errorFor = (res: ErrorResponse, field: string) => res.json.details.errors.find((e) => e.field === field);
