import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { COMPANY, EXAMPLES, PERSON_WITH_ADDRESS, createCustomer, errorFor, fieldsOf } from "./external-account-fixtures";
import { ExternalAccountListResponseSchema, ExternalAccountSchema } from "./schemas";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  customerId = await createCustomer(t, p.auth);
});
afterAll(() => t.close());

type Platform = typeof p;
const CUSTOMERS = "/customers/external-accounts";
const PLATFORM = "/platform/external-accounts";

/** A USD account whose account number ends in `suffix` (sandbox outcomes) or is unique. */
/** Random numbers end in 55: never a suffix with a sandbox outcome. */
function usd(accountNumber = `${Math.floor(Math.random() * 1e9)}55`, beneficiary: Record<string, unknown> = PERSON_WITH_ADDRESS) {
  return { currency: "USD", accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber, beneficiary } };
}
const create = (body: Record<string, unknown>, platform: Platform = p, owner = customerId) =>
  t.call("POST", CUSTOMERS, { auth: platform.auth, body: { customerId: owner, ...body } });

describe("POST /customers/external-accounts", () => {
  it("creates an ACTIVE account, unmasked in the answer and masked (****1234) on every read", async () => {
    const res = await create({ ...usd("000987654321"), platformAccountId: "acct-1", ownershipType: "FIRST_PARTY" });
    expect(res.status).toBe(201);
    expect(ExternalAccountSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ customerId, status: "ACTIVE", currency: "USD", platformAccountId: "acct-1", ownershipType: "FIRST_PARTY", defaultUmaDepositAccount: false });
    expect(res.json.id).toMatch(/^ExternalAccount:[0-9a-f-]{36}$/);
    expect(res.json.accountInfo).toMatchObject({ accountNumber: "000987654321", routingNumber: "021000021", paymentRails: ["ACH", "WIRE", "RTP", "FEDNOW", "ACH_SAME_DAY"] });

    const read = await t.call("GET", `${CUSTOMERS}/${res.json.id}`, { auth: p.auth });
    expect(read.status).toBe(200);
    expect(read.json.accountInfo.accountNumber).toBe("****4321");
    expect(read.json.accountInfo.routingNumber).toBe("021000021");
    const list = await t.call("GET", `${CUSTOMERS}?customerId=${customerId}`, { auth: p.auth });
    expect(list.json.data.find((a: { id: string }) => a.id === res.json.id).accountInfo.accountNumber).toBe("****4321");
  });

  it("masks IBANs, CLABEs, PIX keys and tax ids on reads, never wallet addresses", async () => {
    for (const type of ["EUR_ACCOUNT", "MXN_ACCOUNT", "BRL_ACCOUNT", "SOLANA_WALLET"]) {
      const created = await create(EXAMPLES[type]!);
      const read = await t.call("GET", `${CUSTOMERS}/${created.json.id}`, { auth: p.auth });
      const info = read.json.accountInfo;
      if (type === "EUR_ACCOUNT") expect(info.iban).toBe("****3000");
      if (type === "MXN_ACCOUNT") expect(info.clabeNumber).toBe("****7771");
      if (type === "BRL_ACCOUNT") expect([info.pixKey, info.taxId]).toEqual(["****8901", "****8901"]);
      if (type === "SOLANA_WALLET") expect(info.address).toBe(EXAMPLES.SOLANA_WALLET!.accountInfo.address);
    }
  });

  it("answers 400 naming customerId when it is missing (SPEC.md: required on customer accounts)", async () => {
    const res = await t.call("POST", CUSTOMERS, { auth: p.auth, body: usd() });
    expect(res.status).toBe(400);
    expect(res.json.details.errors).toEqual([expect.objectContaining({ field: "customerId", message: "is required" })]);
  });

  it("lists every invalid field at once: top level, accountInfo, beneficiary and cross-field rules", async () => {
    const res = await t.call("POST", CUSTOMERS, {
      auth: p.auth,
      body: { currency: "EUR", ownershipType: "ME", extra: true, accountInfo: { accountType: "USD_ACCOUNT", routingNumber: "1", beneficiary: { beneficiaryType: "INDIVIDUAL" } } },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(fieldsOf(res)).toEqual([
      "accountInfo.accountNumber",
      "accountInfo.bankAccountType",
      "accountInfo.beneficiary.address",
      "accountInfo.beneficiary.fullName",
      "accountInfo.routingNumber",
      "currency",
      "customerId",
      "extra",
      "ownershipType",
    ]);
    expect(errorFor(res, "currency")!.constraint).toEqual({ enum: ["USD"] });
  });

  it("answers 404 USER_NOT_FOUND for an unknown, malformed or other platform's customer, 410 for a deleted one", async () => {
    const other = await t.createTestPlatform();
    const foreign = await createCustomer(t, other.auth);
    for (const id of ["Customer:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", "nope", foreign]) {
      const res = await create(usd(), p, id);
      expect(res.status, id).toBe(404);
      expect(res.json.code).toBe("USER_NOT_FOUND");
    }
    const gone = await createCustomer(t, p.auth, "Gone Away");
    await t.call("DELETE", `/customers/${gone}`, { auth: p.auth });
    expect((await create(usd(), p, gone)).status).toBe(410);
  });

  it("answers 409 CONFLICT for the same account twice and for a platformAccountId in use; the same details for another customer are fine", async () => {
    const first = await create({ ...usd("111222333"), platformAccountId: "dup-pid" });
    expect(first.status).toBe(201);
    const again = await create(usd("111222333"));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("CONFLICT");
    // The existing account is named, so a client retrying its create can carry on with it.
    expect(again.json.details).toEqual({ field: "accountInfo", externalAccountId: first.json.id });
    expect(again.json.message).toBe(`This owner already has an external account with these details in this currency: ${first.json.id}`);
    const pid = await create({ ...usd("111222334"), platformAccountId: "dup-pid" });
    expect(pid.status).toBe(409);
    expect(pid.json.details).toEqual({ field: "platformAccountId", platformAccountId: "dup-pid", externalAccountId: first.json.id });
    const evmUpper = await create({ ...EXAMPLES.BASE_WALLET, accountInfo: { accountType: "BASE_WALLET", address: "0xABCDEF0000000000000000000000000000000001" } });
    const evmLower = await create({ ...EXAMPLES.BASE_WALLET, accountInfo: { accountType: "BASE_WALLET", address: "0xabcdef0000000000000000000000000000000001" } });
    expect([evmUpper.status, evmLower.status]).toEqual([201, 409]);

    const someoneElse = await createCustomer(t, p.auth, "John Roe");
    expect((await create(usd("111222333"), p, someoneElse)).status).toBe(201);
  });

  it("lets a deleted account's details and platformAccountId be used again", async () => {
    const first = await create({ ...usd("444555666"), platformAccountId: "reuse-me" });
    expect((await t.call("DELETE", `${CUSTOMERS}/${first.json.id}`, { auth: p.auth })).status).toBe(204);
    const again = await create({ ...usd("444555666"), platformAccountId: "reuse-me" });
    expect(again.status).toBe(201);
  });

  it("keeps at most one default UMA deposit account per customer: setting it moves the flag", async () => {
    const owner = await createCustomer(t, p.auth, "Default Mover");
    const a = await create({ ...usd(), defaultUmaDepositAccount: true }, p, owner);
    expect(a.json.defaultUmaDepositAccount).toBe(true);
    const b = await create({ ...usd(), defaultUmaDepositAccount: true }, p, owner);
    expect(b.json.defaultUmaDepositAccount).toBe(true);
    const c = await create(usd(), p, owner);
    expect(c.json.defaultUmaDepositAccount).toBe(false);
    const list = await t.call("GET", `${CUSTOMERS}?customerId=${owner}`, { auth: p.auth });
    const flags = Object.fromEntries(list.json.data.map((x: { id: string; defaultUmaDepositAccount: boolean }) => [x.id, x.defaultUmaDepositAccount]));
    expect(flags).toEqual({ [a.json.id]: false, [b.json.id]: true, [c.json.id]: false });
    // another customer's default is untouched
    const other = await createCustomer(t, p.auth, "Other Default");
    const d = await create({ ...usd(), defaultUmaDepositAccount: true }, p, other);
    expect((await t.call("GET", `${CUSTOMERS}/${b.json.id}`, { auth: p.auth })).json.defaultUmaDepositAccount).toBe(true);
    expect(d.json.defaultUmaDepositAccount).toBe(true);
  });

  it("several accounts created at once, each as the default: all 201 (no retry needed), and exactly one is the default", async () => {
    const owner = await createCustomer(t, p.auth, "Default Racer");
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ ...usd(), defaultUmaDepositAccount: true }, p, owner)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const list = await t.call("GET", `${CUSTOMERS}?customerId=${owner}&limit=100`, { auth: p.auth });
    const defaults = list.json.data.filter((x: { defaultUmaDepositAccount: boolean }) => x.defaultUmaDepositAccount);
    expect(list.json.data).toHaveLength(8);
    expect(defaults).toHaveLength(1);
  });
});

describe("sandbox beneficiary verification by suffix (BEHAVIORS.md §4.4)", () => {
  it.each([
    ["102", "NOT_MATCHED", { fullName: "Sandbox Account Holder" }],
    ["103", "PARTIAL_MATCH", { fullName: "J. Doe" }],
    ["104", "PENDING", undefined],
    ["106", "UNSUPPORTED", undefined],
    ["107", "CHECKED_BY_RECEIVING_FI", undefined],
    ["108", "MATCHED", { fullName: "Jane Doe" }],
    ["002", "MATCHED", { fullName: "Jane Doe" }],
  ])("an account number ending %s is %s and ACTIVE", async (suffix, status, verifiedData) => {
    const res = await create(usd(`55500${suffix}`));
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("ACTIVE");
    expect(res.json.beneficiaryVerificationStatus).toBe(status);
    expect(res.json.beneficiaryVerifiedData).toEqual(verifiedData);
  });

  it("refuses an account ending 105 with 400 INVALID_BANK_ACCOUNT and stores nothing", async () => {
    const owner = await createCustomer(t, p.auth, "Rejected Owner");
    const res = await create(usd("777000105"), p, owner);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_BANK_ACCOUNT");
    expect((await t.call("GET", `${CUSTOMERS}?customerId=${owner}`, { auth: p.auth })).json.totalCount).toBe(0);
  });

  it("an IBAN in its printed form (groups of four) is told to leave out the spaces", async () => {
    const res = await create({ ...EXAMPLES.EUR_ACCOUNT, accountInfo: { ...EXAMPLES.EUR_ACCOUNT!.accountInfo, iban: "DE89 3704 0044 0532 0130 00" } });
    expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(res.json.details.errors).toContainEqual(
      expect.objectContaining({ field: "accountInfo.iban", message: "must be an IBAN written without spaces: country code, 2 check digits, 11 to 30 letters or digits, e.g. DE89370400440532013000" }),
    );
  });

  it("reads the suffix from the IBAN, the CLABE, the user part of a PIX e-mail key, and a phone number", async () => {
    const eur = await create({ ...EXAMPLES.EUR_ACCOUNT, accountInfo: { ...EXAMPLES.EUR_ACCOUNT!.accountInfo, iban: "DE89370400440532013102" } });
    expect(eur.json.beneficiaryVerificationStatus).toBe("NOT_MATCHED");
    const mxn = await create({ ...EXAMPLES.MXN_ACCOUNT, accountInfo: { ...EXAMPLES.MXN_ACCOUNT!.accountInfo, clabeNumber: "002010077777777103" } });
    expect(mxn.json.beneficiaryVerificationStatus).toBe("PARTIAL_MATCH");
    const brl = await create({ ...EXAMPLES.BRL_ACCOUNT, accountInfo: { ...EXAMPLES.BRL_ACCOUNT!.accountInfo, pixKeyType: "EMAIL", pixKey: "jane.106@pix.example" } });
    expect(brl.json.beneficiaryVerificationStatus).toBe("UNSUPPORTED");
    const kes = await create({ ...EXAMPLES.KES_ACCOUNT, accountInfo: { ...EXAMPLES.KES_ACCOUNT!.accountInfo, phoneNumber: "+254700000105" } });
    expect(kes.json.code).toBe("INVALID_BANK_ACCOUNT");
  });

  it("checks a business beneficiary by its legal name", async () => {
    const res = await create(usd("888000103", COMPANY));
    expect(res.json.beneficiaryVerifiedData).toEqual({ fullName: "A. Corporation" });
  });
});

describe("wallet status at creation (BEHAVIORS.md 10.29)", () => {
  it("a FIRST_PARTY self-custody wallet starts PENDING_OWNERSHIP_VERIFICATION; THIRD_PARTY and VASP-hosted ones are ACTIVE, without name checks", async () => {
    const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
    const wallet = (n: number, ownershipType: string, info: Record<string, unknown> = {}) =>
      create({ currency: "USDC", ownershipType, accountInfo: { accountType: "ETHEREUM_WALLET", address: address(n), ...info } });
    const first = await wallet(1, "FIRST_PARTY");
    const third = await wallet(2, "THIRD_PARTY");
    const hosted = await wallet(3, "FIRST_PARTY", { vaspName: "Example Exchange" });
    expect([first.json.status, third.json.status, hosted.json.status]).toEqual(["PENDING_OWNERSHIP_VERIFICATION", "ACTIVE", "ACTIVE"]);
    expect(first.json).not.toHaveProperty("beneficiaryVerificationStatus");
    const withOwner = await create({ currency: "USDC", ownershipType: "THIRD_PARTY", accountInfo: { accountType: "ETHEREUM_WALLET", address: address(4), beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe", countryOfResidence: "DE" } } });
    expect(withOwner.status).toBe(201);
    expect(withOwner.json.accountInfo.beneficiary).toEqual({ beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe", countryOfResidence: "DE" });
  });
});

describe("GET /customers/external-accounts", () => {
  it("pages newest first with totalCount, filtered by customer and currency", async () => {
    const owner = await createCustomer(t, p.auth, "Pager Person");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(usd(), p, owner)).json.id);
    ids.push((await create(EXAMPLES.GBP_ACCOUNT!, p, owner)).json.id);
    const first = await t.call("GET", `${CUSTOMERS}?customerId=${owner}&limit=3`, { auth: p.auth });
    expect(first.status).toBe(200);
    expect(ExternalAccountListResponseSchema.safeParse(first.json).success).toBe(true);
    expect(first.json).toMatchObject({ totalCount: 4, hasMore: true });
    expect(first.json.data.map((a: { id: string }) => a.id)).toEqual([ids[3], ids[2], ids[1]]);
    for (const account of first.json.data) expect(account).toStrictEqual((await t.call("GET", `${CUSTOMERS}/${account.id}`, { auth: p.auth })).json);
    const second = await t.call("GET", `${CUSTOMERS}?customerId=${owner}&limit=3&cursor=${first.json.nextCursor}`, { auth: p.auth });
    expect(second.json.data.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect(second.json.hasMore).toBe(false);
    const gbp = await t.call("GET", `${CUSTOMERS}?customerId=${owner}&currency=GBP`, { auth: p.auth });
    expect(gbp.json.data.map((a: { id: string }) => a.id)).toEqual([ids[3]]);
    expect((await t.call("GET", `${CUSTOMERS}?customerId=nope`, { auth: p.auth })).json).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it("is not taken for a customer id by GET /customers/{customerId}", async () => {
    const res = await t.call("GET", CUSTOMERS, { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json).toHaveProperty("hasMore");
  });
});

describe("GET and DELETE /customers/external-accounts/{externalAccountId}", () => {
  it("deletes: 204, then 404 on read, delete and list", async () => {
    const created = await create(usd());
    const del = await t.call("DELETE", `${CUSTOMERS}/${created.json.id}`, { auth: p.auth });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await t.call("GET", `${CUSTOMERS}/${created.json.id}`, { auth: p.auth })).status).toBe(404);
    expect((await t.call("DELETE", `${CUSTOMERS}/${created.json.id}`, { auth: p.auth })).status).toBe(404);
    const list = await t.call("GET", `${CUSTOMERS}?customerId=${customerId}&limit=100`, { auth: p.auth });
    expect(list.json.data.map((a: { id: string }) => a.id)).not.toContain(created.json.id);
  });

  it("answers 404 NOT_FOUND for malformed, foreign-typed and other platforms' ids", async () => {
    const other = await t.createTestPlatform();
    const theirs = await create(usd(), other, await createCustomer(t, other.auth));
    for (const id of ["nope", "Customer:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", "ExternalAccount:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", theirs.json.id]) {
      const get = await t.call("GET", `${CUSTOMERS}/${encodeURIComponent(id)}`, { auth: p.auth });
      expect(get.status, id).toBe(404);
      expect(get.json).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect((await t.call("DELETE", `${CUSTOMERS}/${encodeURIComponent(id)}`, { auth: p.auth })).status).toBe(404);
    }
    expect((await t.call("GET", `${CUSTOMERS}/${theirs.json.id}`, { auth: other.auth })).status).toBe(200);
    const ours = await t.call("GET", `${CUSTOMERS}?limit=100`, { auth: p.auth });
    expect(ours.json.data.map((a: { id: string }) => a.id)).not.toContain(theirs.json.id);
  });
});

describe("/platform/external-accounts", () => {
  it("holds the platform's own accounts, apart from the customers'", async () => {
    const q = await t.createTestPlatform();
    const owner = await createCustomer(t, q.auth);
    const customers = await create(usd("123123123"), q, owner);
    const res = await t.call("POST", PLATFORM, { auth: q.auth, body: { ...usd("123123123"), platformAccountId: "treasury" } });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty("customerId");
    expect(res.json).not.toHaveProperty("defaultUmaDepositAccount");
    expect(res.json.platformAccountId).toBe("treasury");

    const platformList = await t.call("GET", PLATFORM, { auth: q.auth });
    expect(platformList.json.data.map((a: { id: string }) => a.id)).toEqual([res.json.id]);
    const customerList = await t.call("GET", CUSTOMERS, { auth: q.auth });
    expect(customerList.json.data.map((a: { id: string }) => a.id)).toEqual([customers.json.id]);
    expect((await t.call("GET", `${PLATFORM}/${customers.json.id}`, { auth: q.auth })).status).toBe(404);
    expect((await t.call("GET", `${CUSTOMERS}/${res.json.id}`, { auth: q.auth })).status).toBe(404);
    expect((await t.call("GET", `${PLATFORM}/${res.json.id}`, { auth: q.auth })).json.accountInfo.accountNumber).toBe("****3123");
    expect((await t.call("POST", PLATFORM, { auth: q.auth, body: usd("123123123") })).status).toBe(409);
    expect((await t.call("DELETE", `${PLATFORM}/${res.json.id}`, { auth: q.auth })).status).toBe(204);
  });

  it("refuses customer-only fields", async () => {
    const res = await t.call("POST", PLATFORM, { auth: p.auth, body: { ...usd(), customerId, defaultUmaDepositAccount: true } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(["customerId", "defaultUmaDepositAccount"]);
  });
});

describe("permissions", () => {
  it("reads need VIEW, writes MANAGE", async () => {
    const created = await create(usd());
    const view = await p.tokenWith(["VIEW", "TRANSACT"]);
    expect((await t.call("GET", CUSTOMERS, { auth: view })).status).toBe(200);
    expect((await t.call("GET", `${CUSTOMERS}/${created.json.id}`, { auth: view })).status).toBe(200);
    expect((await t.call("GET", PLATFORM, { auth: view })).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", CUSTOMERS, { customerId, ...usd() }],
      ["POST", PLATFORM, usd()],
      ["DELETE", `${CUSTOMERS}/${created.json.id}`, undefined],
      ["POST", `${CUSTOMERS}/${created.json.id}/challenge`, { method: "WALLET_SIGNATURE" }],
      ["POST", `${CUSTOMERS}/${created.json.id}/verify`, { signature: "x" }],
    ] as const) {
      const res = await t.call(method, path, { auth: view, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    const manageOnly = await p.tokenWith(["MANAGE"]);
    expect((await t.call("GET", CUSTOMERS, { auth: manageOnly })).status).toBe(403);
    expect((await t.call("GET", CUSTOMERS, { auth: null })).status).toBe(401);
  });
});
