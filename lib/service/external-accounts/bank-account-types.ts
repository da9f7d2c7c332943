import {
  ACCOUNT_NUMBER,
  BANK_ACCOUNT_TYPE,
  BANK_NAME,
  COUNTRY,
  IBAN,
  PHONE,
  PROVIDER,
  SWIFT_CODE,
  digits,
  matching,
  oneOf,
  phoneWithPrefix,
  text,
  upTo,
  type FieldDef,
} from "./account-fields";
import type { AccountTypeSpec } from "./account-type-spec";
import { BANK_BENEFICIARIES, DEFAULT_BANK_BENEFICIARY, MOBILE_MONEY_BENEFICIARY } from "./beneficiary-schemas";

type BankOptions = Partial<Pick<AccountTypeSpec, "alternatives" | "railsFor" | "beneficiary" | "identity" | "primary">>;

function bank(accountType: string, fields: Record<string, FieldDef>, rails: string[], options: BankOptions = {}): AccountTypeSpec {
  const code = accountType.slice(0, 3);
  const names = Object.keys(fields);
  return {
    accountType,
    schemaName: accountType === "SWIFT_ACCOUNT" ? "Swift" : code[0] + code.slice(1).toLowerCase(),
    kind: "BANK",
    currencies: accountType === "SWIFT_ACCOUNT" ? "FIAT" : [code],
    fields,
    rails,
    beneficiary: BANK_BENEFICIARIES[accountType] ?? DEFAULT_BANK_BENEFICIARY,
    identity: names.filter((n) => /accountNumber|iban|clabeNumber|pixKey|routingNumber|sortCode|bankCode|branchCode|ifsc|vpa|phoneNumber|swiftCode/.test(n)),
    primary: ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa", "phoneNumber"].filter((n) => names.includes(n)),
    ...options,
  };
}

/** BANK_TRANSFER with an account number or IBAN, MOBILE_MONEY with a phone number. */
const byPhone = (info: Record<string, unknown>) => [
  ...(info.accountNumber !== undefined || info.iban !== undefined ? ["BANK_TRANSFER"] : []),
  ...(info.phoneNumber !== undefined ? ["MOBILE_MONEY"] : []),
];

const mobileMoney = (accountType: string, phone: FieldDef, extra: Record<string, FieldDef> = {}) =>
  bank(accountType, { phoneNumber: phone, provider: PROVIDER(), ...extra }, ["MOBILE_MONEY"], { beneficiary: MOBILE_MONEY_BENEFICIARY });

const bankNameAndAccount = (accountType: string, extra: Record<string, FieldDef> = {}) =>
  bank(accountType, { bankName: BANK_NAME(), accountNumber: ACCOUNT_NUMBER(), swiftCode: SWIFT_CODE(), ...extra }, ["BANK_TRANSFER"]);

const accountOrPhone = (accountType: string, fields: Record<string, FieldDef>, alternatives: string[][]) =>
  bank(accountType, fields, ["BANK_TRANSFER", "MOBILE_MONEY"], { alternatives, railsFor: byPhone });

/** Every bank account type of the reference (BEHAVIORS.md §1.4; api-shapes.json *AccountInfoBase). */
export const BANK_ACCOUNT_TYPES: readonly AccountTypeSpec[] = [
  bank(
    "USD_ACCOUNT",
    {
      accountNumber: text(34, "123456789012")(),
      routingNumber: digits(9, 9, "021000021")(),
      // SPEC.md § Versioning: required on new USD accounts (the peer leaves it optional).
      bankAccountType: BANK_ACCOUNT_TYPE(),
      bankName: text(140, "Chase")(false),
      intermediaryBankName: text(140)(false),
      intermediaryRoutingNumber: digits(9)(false),
      fiToFiInformation: upTo(210)(false),
    },
    ["ACH", "WIRE", "RTP", "FEDNOW", "ACH_SAME_DAY"],
    { identity: ["routingNumber", "accountNumber"] },
  ),
  bank("EUR_ACCOUNT", { iban: IBAN(), swiftCode: SWIFT_CODE(false) }, ["SEPA", "SEPA_INSTANT"], { identity: ["iban"] }),
  bank("DKK_ACCOUNT", { iban: matching(/^DK[0-9]{16}$/, "must be a Danish IBAN: DK followed by 16 digits", "DK5000400440116243")(), swiftCode: SWIFT_CODE(false) }, ["SEPA", "SEPA_INSTANT"], {
    identity: ["iban"],
  }),
  bank("GBP_ACCOUNT", { sortCode: digits(6, 6, "040004")(), accountNumber: digits(8, 8, "12345678")() }, ["FASTER_PAYMENTS"]),
  bank("MXN_ACCOUNT", { clabeNumber: digits(18, 18, "002010077777777771")() }, ["SPEI"]),
  bank(
    "BRL_ACCOUNT",
    { pixKey: text(77, "12345678901")(), pixKeyType: oneOf(["CPF", "CNPJ", "EMAIL", "PHONE", "RANDOM"] as const)(), taxId: digits(11, 14, "12345678901")() },
    ["PIX"],
    { identity: ["pixKey"] },
  ),
  bank(
    "INR_ACCOUNT",
    {
      vpa: matching(/^[a-zA-Z0-9.\-_]{1,250}@[a-zA-Z0-9]{1,64}$/, "must be a UPI id such as name@bank", "jane.doe@okbank")(false),
      accountNumber: digits(9, 18, "123456789012")(false),
      ifsc: matching(/^[A-Z]{4}0[A-Z0-9]{6}$/, "must be an 11 character IFSC such as HDFC0001234", "HDFC0001234")(false),
      rail: text(32, "UPI")(false),
      bankName: BANK_NAME(false),
    },
    ["UPI", "NEFT", "RTGS"],
    {
      alternatives: [["vpa"], ["accountNumber", "ifsc"]],
      railsFor: (info) => [...(info.vpa !== undefined ? ["UPI"] : []), ...(info.accountNumber !== undefined ? ["NEFT", "RTGS"] : [])],
      primary: ["vpa", "accountNumber"],
    },
  ),
  bank("CAD_ACCOUNT", { bankCode: digits(3, 3, "001")(), branchCode: digits(5, 5, "00011")(), accountNumber: digits(7, 12, "1234567")() }, ["BANK_TRANSFER"]),
  bank("NGN_ACCOUNT", { accountNumber: digits(10, 10, "0123456789")(), bankName: BANK_NAME() }, ["BANK_TRANSFER"]),
  bank("ZAR_ACCOUNT", { accountNumber: digits(9, 13, "123456789")(), bankName: BANK_NAME() }, ["BANK_TRANSFER"]),
  bank("PHP_ACCOUNT", { bankName: BANK_NAME(), accountNumber: digits(8, 16, "123456789012")() }, ["BANK_TRANSFER"]),
  bank("SGD_ACCOUNT", { accountNumber: ACCOUNT_NUMBER(), swiftCode: SWIFT_CODE(), bankName: BANK_NAME(false) }, ["PAYNOW", "FAST", "BANK_TRANSFER"]),
  bankNameAndAccount("HKD_ACCOUNT"),
  bankNameAndAccount("MYR_ACCOUNT"),
  bankNameAndAccount("THB_ACCOUNT"),
  bankNameAndAccount("VND_ACCOUNT"),
  bankNameAndAccount("IDR_ACCOUNT", { phoneNumber: phoneWithPrefix("62", "9,12", "+6281234567890")() }),
  bank("AED_ACCOUNT", { iban: matching(/^AE[0-9]{21}$/, "must be a UAE IBAN: AE followed by 21 digits", "AE070331234567890123456")(), swiftCode: SWIFT_CODE(false) }, ["BANK_TRANSFER"], {
    identity: ["iban"],
  }),
  mobileMoney("KES_ACCOUNT", phoneWithPrefix("254", "9", "+254712345678")()),
  mobileMoney("TZS_ACCOUNT", phoneWithPrefix("255", "9", "+255712345678")()),
  mobileMoney("RWF_ACCOUNT", phoneWithPrefix("250", "9", "+250712345678")()),
  mobileMoney("ZMW_ACCOUNT", phoneWithPrefix("260", "9", "+260971234567")()),
  mobileMoney("UGX_ACCOUNT", PHONE()),
  mobileMoney("MWK_ACCOUNT", PHONE()),
  mobileMoney("BWP_ACCOUNT", PHONE()),
  mobileMoney("XOF_ACCOUNT", PHONE(), { region: oneOf(["BJ", "CI", "SN", "TG"] as const)() }),
  mobileMoney("XAF_ACCOUNT", PHONE(), { region: oneOf(["CM", "CG"] as const)() }),
  bank("HTG_ACCOUNT", { phoneNumber: PHONE() }, ["MOBILE_MONEY"]),
  accountOrPhone("GHS_ACCOUNT", { accountNumber: ACCOUNT_NUMBER(false), bankName: BANK_NAME(), phoneNumber: PHONE(false) }, [["accountNumber"], ["phoneNumber"]]),
  accountOrPhone("CNY_ACCOUNT", { accountNumber: ACCOUNT_NUMBER(false), bankName: BANK_NAME(), phoneNumber: PHONE(false) }, [["accountNumber"], ["phoneNumber"]]),
  accountOrPhone(
    "BDT_ACCOUNT",
    { accountNumber: ACCOUNT_NUMBER(false), bankName: BANK_NAME(), branchCode: digits(5)(false), swiftCode: SWIFT_CODE(false), phoneNumber: PHONE(false) },
    [["accountNumber"], ["phoneNumber"]],
  ),
  accountOrPhone(
    "COP_ACCOUNT",
    { accountNumber: ACCOUNT_NUMBER(false), bankAccountType: BANK_ACCOUNT_TYPE(false), bankName: BANK_NAME(), phoneNumber: PHONE(false) },
    [["accountNumber"], ["phoneNumber"]],
  ),
  accountOrPhone(
    "EGP_ACCOUNT",
    { iban: matching(/^EG[0-9]{27}$/, "must be an Egyptian IBAN: EG followed by 27 digits", "EG380019000500000000263180002")(false), bankName: BANK_NAME(), phoneNumber: PHONE(false) },
    [["iban"], ["phoneNumber"]],
  ),
  accountOrPhone(
    "PKR_ACCOUNT",
    {
      bankName: BANK_NAME(),
      accountNumber: ACCOUNT_NUMBER(false),
      iban: matching(/^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/, "must be a Pakistani IBAN: PK, 2 digits, 4 letters, 16 digits", "PK36SCBL0000001123456702")(false),
      phoneNumber: PHONE(false),
    },
    [["accountNumber"], ["iban"], ["phoneNumber"]],
  ),
  accountOrPhone(
    "SLV_ACCOUNT",
    { bankName: BANK_NAME(false), accountNumber: ACCOUNT_NUMBER(false), bankAccountType: BANK_ACCOUNT_TYPE(false), phoneNumber: PHONE(false) },
    [["accountNumber"], ["phoneNumber"]],
  ),
  bank("GTQ_ACCOUNT", { accountNumber: ACCOUNT_NUMBER(), bankAccountType: BANK_ACCOUNT_TYPE(), bankName: BANK_NAME() }, ["BANK_TRANSFER"]),
  bank("JMD_ACCOUNT", { accountNumber: ACCOUNT_NUMBER(), branchCode: digits(5, 5, "12345")(), bankAccountType: BANK_ACCOUNT_TYPE(), bankName: BANK_NAME() }, ["BANK_TRANSFER"]),
  bank(
    "SWIFT_ACCOUNT",
    { country: COUNTRY(), swiftCode: SWIFT_CODE(), bankName: BANK_NAME(), accountNumber: ACCOUNT_NUMBER(false), iban: IBAN(false) },
    ["SWIFT"],
    { alternatives: [["accountNumber"], ["iban"]], identity: ["swiftCode", "accountNumber", "iban"], primary: ["accountNumber", "iban"] },
  ),
];
