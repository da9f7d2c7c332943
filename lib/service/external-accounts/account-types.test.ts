import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { ACCOUNT_TYPE_SPECS, accountTypeSpec } from "./account-types";
import { ADDRESS, COMPANY, EXAMPLES, PERSON, createCustomer, errorFor, fieldsOf } from "./external-account-fixtures";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  customerId = await createCustomer(t, p.auth);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>) => t.call("POST", "/customers/external-accounts", { auth: p.auth, body: { customerId, ...body } });
const example = (accountType: string) => structuredClone(EXAMPLES[accountType]!);
const withInfo = (accountType: string, change: Record<string, unknown>, beneficiary?: Record<string, unknown>) => {
  const body = example(accountType);
  body.accountInfo = { ...body.accountInfo, ...change, ...(beneficiary && { beneficiary }) };
  return body;
};

describe("every account type of the reference", () => {
  it("has a valid example in the fixtures", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ACCOUNT_TYPE_SPECS.map((s) => s.accountType).sort());
  });

  it.each(ACCOUNT_TYPE_SPECS.map((s) => s.accountType))("%s: accepts its required fields and answers its rails", async (accountType) => {
    const res = await post(example(accountType));
    expect(res.status, res.text).toBe(201);
    expect(res.json.accountInfo.accountType).toBe(accountType);
    const spec = accountTypeSpec(accountType)!;
    if (spec.kind === "BANK") expect(res.json.accountInfo.paymentRails.length).toBeGreaterThan(0);
    else expect(res.json.accountInfo).not.toHaveProperty("paymentRails");
  });

  it.each(ACCOUNT_TYPE_SPECS.map((s) => s.accountType))("%s: names every missing required field at once", async (accountType) => {
    const spec = accountTypeSpec(accountType)!;
    const required = Object.entries(spec.fields).filter(([, f]) => f.isRequired).map(([name]) => name);
    const body = example(accountType);
    const alternatives = [...(spec.alternatives ?? []).flat(), ...(spec.exactlyOne ?? [])];
    for (const name of [...required, ...alternatives, "beneficiary"]) delete body.accountInfo[name];
    const res = await post(body);
    expect(res.status).toBe(400);
    const expected = required.map((n) => `accountInfo.${n}`);
    if (spec.kind === "BANK") expected.push("accountInfo.beneficiary");
    if (spec.alternatives) expected.push(`accountInfo.${spec.alternatives[0]![0]}`);
    if (spec.exactlyOne) expected.push(`accountInfo.${spec.exactlyOne[0]}`);
    expect(fieldsOf(res)).toEqual([...new Set(expected)].sort());
    for (const name of required) expect(errorFor(res, `accountInfo.${name}`)).toMatchObject({ message: "is required", constraint: expect.objectContaining({ required: true }) });
  });

  it.each(ACCOUNT_TYPE_SPECS.map((s) => s.accountType))("%s: refuses a currency of another type", async (accountType) => {
    const res = await post({ ...example(accountType), currency: accountType === "USD_ACCOUNT" ? "EUR" : "USD" });
    if (accountType === "SWIFT_ACCOUNT") return expect(res.status).toBe(201); // SWIFT takes any fiat currency
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(["currency"]);
    expect(errorFor(res, "currency")!.constraint.enum).toEqual(accountTypeSpec(accountType)!.currencies);
  });
});

describe("formats of the main types", () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ["USD_ACCOUNT", { routingNumber: "12345678", bankAccountType: "BROKERAGE", intermediaryRoutingNumber: "x", accountNumber: "1".repeat(35) }, ["accountNumber", "bankAccountType", "intermediaryRoutingNumber", "routingNumber"]],
    ["EUR_ACCOUNT", { iban: "DE89 3704", swiftCode: "deutdeff" }, ["iban", "swiftCode"]],
    ["GBP_ACCOUNT", { sortCode: "04-00-04", accountNumber: "1234567" }, ["accountNumber", "sortCode"]],
    ["MXN_ACCOUNT", { clabeNumber: "00201007777777777" }, ["clabeNumber"]],
    ["BRL_ACCOUNT", { pixKeyType: "IBAN", taxId: "123.456.789-01" }, ["pixKeyType", "taxId"]],
    ["INR_ACCOUNT", { vpa: "no-at-sign", accountNumber: "12345678", ifsc: "HDFC1234567" }, ["accountNumber", "ifsc", "vpa"]],
    ["CAD_ACCOUNT", { bankCode: "1", branchCode: "123456", accountNumber: "123456" }, ["accountNumber", "bankCode", "branchCode"]],
    ["PHP_ACCOUNT", { accountNumber: "1234567" }, ["accountNumber"]],
    ["SGD_ACCOUNT", { swiftCode: "DBS" }, ["swiftCode"]],
    ["NGN_ACCOUNT", { accountNumber: "123456789" }, ["accountNumber"]],
    ["KES_ACCOUNT", { phoneNumber: "+255712345678" }, ["phoneNumber"]],
    ["SWIFT_ACCOUNT", { country: "jp", swiftCode: "MHCB", iban: "JP12" }, ["country", "iban", "swiftCode"]],
    ["SOLANA_WALLET", { address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e" }, ["address"]],
    ["ETHEREUM_WALLET", { address: "0x742d35" }, ["address"]],
    ["TRON_WALLET", { address: "XNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" }, ["address"]],
    ["SPARK_WALLET", { address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" }, ["address"]],
    ["LIGHTNING", { lightningAddress: "not an address" }, ["lightningAddress"]],
  ];
  it.each(cases)("%s: names each malformed field with its constraint", async (accountType, change, bad) => {
    const res = await post(withInfo(accountType, change));
    expect(res.status, res.text).toBe(400);
    expect(fieldsOf(res)).toEqual(bad.map((f) => `accountInfo.${f}`));
    for (const error of res.json.details.errors) expect(Object.keys(error.constraint).length).toBeGreaterThan(0);
  });

  it("answers 400 naming accountInfo.bankAccountType for a new USD account without it (SPEC.md § Versioning)", async () => {
    const body = example("USD_ACCOUNT");
    delete body.accountInfo.bankAccountType;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json.details.errors).toEqual([{ field: "accountInfo.bankAccountType", message: "is required", constraint: { required: true, enum: ["CHECKING", "SAVINGS"] } }]);
  });

  it("names an unknown or missing accountType with the allowed values", async () => {
    const unknown = await post({ currency: "USD", accountInfo: { accountType: "CHEQUE_ACCOUNT" } });
    expect(fieldsOf(unknown)).toEqual(["accountInfo.accountType"]);
    expect(errorFor(unknown, "accountInfo.accountType")!.constraint.enum).toContain("USD_ACCOUNT");
    const missing = await post({ currency: "USD", accountInfo: {} });
    expect(errorFor(missing, "accountInfo.accountType")).toMatchObject({ message: "is required" });
  });

  it("checks the PIX key against its type", async () => {
    const res = await post(withInfo("BRL_ACCOUNT", { pixKeyType: "EMAIL", pixKey: "12345678901" }));
    expect(fieldsOf(res)).toEqual(["accountInfo.pixKey"]);
    expect((await post(withInfo("BRL_ACCOUNT", { pixKeyType: "EMAIL", pixKey: "jane@pix.example" }))).status).toBe(201);
  });

  it("INR needs a vpa, or an accountNumber with its ifsc", async () => {
    const started = await post(withInfo("INR_ACCOUNT", { vpa: undefined, accountNumber: "123456789012" }));
    expect(fieldsOf(started)).toEqual(["accountInfo.ifsc"]);
    const bank = await post(withInfo("INR_ACCOUNT", { vpa: undefined, accountNumber: "123456789012", ifsc: "HDFC0001234" }));
    expect(bank.status).toBe(201);
    expect(bank.json.accountInfo.paymentRails).toEqual(["NEFT", "RTGS"]);
  });

  it("SWIFT needs an accountNumber or an IBAN, and a fiat currency", async () => {
    const res = await post(withInfo("SWIFT_ACCOUNT", { accountNumber: undefined }));
    expect(errorFor(res, "accountInfo.accountNumber")!.constraint).toMatchObject({ anyOf: [["accountInfo.accountNumber"], ["accountInfo.iban"]] });
    const crypto = await post({ ...example("SWIFT_ACCOUNT"), currency: "USDC" });
    expect(fieldsOf(crypto)).toEqual(["currency"]);
  });

  it("LIGHTNING takes exactly one of lightningAddress, invoice, bolt12", async () => {
    const two = await post(withInfo("LIGHTNING", { invoice: "lnbcrt10u1pjq9x8xpp5qyqsqzjqgqqqqqqqqqqq" }));
    expect(fieldsOf(two)).toEqual(["accountInfo.invoice"]);
  });

  it("mobile-money types take the rail MOBILE_MONEY, bank-or-phone types the rail of what they carry", async () => {
    expect((await post(withInfo("KES_ACCOUNT", { phoneNumber: "+254700000009" }))).json.accountInfo.paymentRails).toEqual(["MOBILE_MONEY"]);
    const ghs = await post(withInfo("GHS_ACCOUNT", { accountNumber: undefined, phoneNumber: "+233241234567" }));
    expect(ghs.json.accountInfo.paymentRails).toEqual(["MOBILE_MONEY"]);
  });

  it("self-custody wallets need ownershipType; a VASP-hosted wallet does not", async () => {
    const { ownershipType: _omit, ...body } = example("BASE_WALLET");
    const res = await post({ ...body, accountInfo: { ...body.accountInfo, address: "0x0000000000000000000000000000000000000abc" } });
    expect(fieldsOf(res)).toEqual(["ownershipType"]);
    const hosted = await post({ ...body, accountInfo: { ...body.accountInfo, address: "0x0000000000000000000000000000000000000abc", vaspName: "Example Exchange" } });
    expect(hosted.status).toBe(201);
    expect(hosted.json.status).toBe("ACTIVE");
  });
});

describe("beneficiary minimums (BEHAVIORS.md §1.4)", () => {
  it.each(["USD_ACCOUNT", "GBP_ACCOUNT", "EUR_ACCOUNT"])("%s: an individual needs an address with a city", async (accountType) => {
    const beneficiary = { ...(example(accountType).accountInfo.beneficiary as object), address: undefined };
    const noAddress = await post(withInfo(accountType, {}, beneficiary));
    expect(fieldsOf(noAddress)).toEqual(["accountInfo.beneficiary.address"]);
    const noCity = await post(withInfo(accountType, {}, { ...beneficiary, address: { ...ADDRESS, city: undefined } }));
    expect(fieldsOf(noCity)).toEqual(["accountInfo.beneficiary.address.city"]);
  });

  it.each(["MXN_ACCOUNT", "BRL_ACCOUNT", "PHP_ACCOUNT"])("%s: an individual needs no address", async (accountType) => {
    const res = await post(withInfo(accountType, { ...(accountType === "MXN_ACCOUNT" && { clabeNumber: "002010077777777772" }), ...(accountType === "BRL_ACCOUNT" && { pixKey: "12345678902" }), ...(accountType === "PHP_ACCOUNT" && { accountNumber: "123456789013" }) }, PERSON));
    expect(res.status, res.text).toBe(201);
  });

  it("a business needs a legalName and an address; an EUR business also its registrationNumber", async () => {
    const res = await post(withInfo("MXN_ACCOUNT", { clabeNumber: "002010077777777773" }, { beneficiaryType: "BUSINESS" }));
    expect(fieldsOf(res)).toEqual(["accountInfo.beneficiary.address", "accountInfo.beneficiary.legalName"]);
    const eur = await post(withInfo("EUR_ACCOUNT", { iban: "FR1420041010050500013M02606" }, COMPANY));
    expect(fieldsOf(eur)).toEqual(["accountInfo.beneficiary.registrationNumber"]);
    const ok = await post(withInfo("EUR_ACCOUNT", { iban: "FR1420041010050500013M02606" }, { ...COMPANY, registrationNumber: "RCS 123" }));
    expect(ok.status).toBe(201);
    expect(ok.json.beneficiaryVerifiedData).toEqual({ fullName: "Acme Corporation" });
  });

  it("an African mobile-money business also needs registrationNumber and taxId", async () => {
    const res = await post(withInfo("KES_ACCOUNT", { phoneNumber: "+254700000001" }, COMPANY));
    expect(fieldsOf(res)).toEqual(["accountInfo.beneficiary.registrationNumber", "accountInfo.beneficiary.taxId"]);
  });

  it("checks the beneficiary's own fields and names an unknown beneficiaryType", async () => {
    const res = await post(withInfo("MXN_ACCOUNT", {}, { ...PERSON, birthDate: "31/01/1990", nationality: "Mexico", email: "nope", extra: 1 }));
    expect(fieldsOf(res)).toEqual(["accountInfo.beneficiary.birthDate", "accountInfo.beneficiary.email", "accountInfo.beneficiary.extra", "accountInfo.beneficiary.nationality"]);
    const unknown = await post(withInfo("MXN_ACCOUNT", {}, { beneficiaryType: "TRUST", fullName: "X" }));
    expect(errorFor(unknown, "accountInfo.beneficiary.beneficiaryType")!.constraint).toEqual({ enum: ["INDIVIDUAL", "BUSINESS"] });
  });
});
