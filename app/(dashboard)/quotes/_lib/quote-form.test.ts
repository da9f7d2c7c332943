import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult } from "@/lib/client/action-result";
import {
  PLATFORM_OWNER,
  checkQuoteForm,
  externalAccountsOf,
  formCurrencies,
  initialQuoteForm,
  internalAccountsOf,
  isBankExternalAccount,
  noPullAccountReason,
  ownerErrors,
  pullAccountsOf,
  quoteFieldErrors,
  toQuoteInput,
  type QuoteFormContext,
  type QuoteFormValues,
} from "./quote-form";
import { PURPOSES_OF_PAYMENT, PURPOSE_OPTIONS, QuoteInputSchema, toQuoteRequest } from "./quote-input";

type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

const internal = (id: string, code: string, decimals: number, customerId?: string, status = "ACTIVE"): InternalAccount =>
  ({ id, customerId, status, type: "INTERNAL_FIAT", balance: { amount: 0, currency: { code, decimals } } }) as InternalAccount;
const external = (id: string, currency: string, customerId?: string, status = "ACTIVE", accountType = `${currency}_ACCOUNT`): ExternalAccount =>
  ({ id, customerId, currency, status, accountInfo: { accountType } }) as unknown as ExternalAccount;

const CTX: QuoteFormContext = {
  accounts: [internal("InternalAccount:c-usd", "USD", 2, "Customer:c"), internal("InternalAccount:p-usd", "USD", 2), internal("InternalAccount:p-jpy", "JPY", 0), internal("InternalAccount:c-frozen", "GBP", 2, "Customer:c", "FROZEN")],
  externalAccounts: [
    external("ExternalAccount:p-eur", "EUR"),
    external("ExternalAccount:c-eur", "EUR", "Customer:c"),
    external("ExternalAccount:c-unverified", "USD", "Customer:c", "PENDING_OWNERSHIP_VERIFICATION"),
    external("ExternalAccount:c-rejected", "USD", "Customer:c", "REJECTED"),
  ],
};

function form(change: Partial<QuoteFormValues>): QuoteFormValues {
  return { ...initialQuoteForm(CTX), ...change };
}

describe("the quote form", () => {
  it("starts from the platform's USD account, locking the sending side", () => {
    const values = initialQuoteForm(CTX);
    expect(values.sourceAccountId).toBe("InternalAccount:p-usd");
    expect(values.sourceOwner).toBe(PLATFORM_OWNER);
    expect(values.lockedCurrencySide).toBe("SENDING");
  });

  it("offers each owner only its own usable accounts", () => {
    expect(internalAccountsOf(CTX, PLATFORM_OWNER).map((a) => a.id)).toEqual(["InternalAccount:p-usd", "InternalAccount:p-jpy"]);
    expect(internalAccountsOf(CTX, "Customer:c").map((a) => a.id)).toEqual(["InternalAccount:c-usd"]);
    expect(externalAccountsOf(CTX, "Customer:c").map((a) => a.id)).toEqual(["ExternalAccount:c-eur", "ExternalAccount:c-unverified"]);
    expect(externalAccountsOf(CTX, PLATFORM_OWNER).map((a) => a.id)).toEqual(["ExternalAccount:p-eur"]);
    expect(internalAccountsOf(CTX, "")).toEqual([]);
  });

  it("sends realtime funding for the chosen customer, and for the platform without a customer", () => {
    expect(toQuoteInput(form({ sourceType: "REALTIME_FUNDING", sourceOwner: "Customer:c" }), "1").source).toMatchObject({ customerId: "Customer:c" });
    expect(toQuoteInput(form({ sourceType: "REALTIME_FUNDING" }), "1").source).toMatchObject({ customerId: undefined });
  });

  it("asks for the customer when one is to be picked and is not", () => {
    expect(ownerErrors(form({}))).toEqual({});
    expect(ownerErrors(form({ sourceOwner: "" }))).toEqual({ "source.customerId": "Choose a customer" });
    expect(ownerErrors(form({ destinationType: "INTERNAL", destinationOwner: "" }))).toEqual({ "destination.customerId": "Choose a customer" });
    expect(ownerErrors(form({ destinationType: "EXTERNAL", destinationOwner: "" }))).toEqual({});
  });

  it.each([
    ["an internal account to an external account", form({ destinationAccountId: "ExternalAccount:p-eur" }), { sourceType: "ACCOUNT", accountId: "InternalAccount:p-usd" }, { destinationType: "ACCOUNT", accountId: "ExternalAccount:p-eur" }],
    [
      "realtime funding for the platform to a UMA address",
      form({ sourceType: "REALTIME_FUNDING", fundingCurrency: "USD", destinationType: "UMA_ADDRESS", umaAddress: "$success.eur@sandbox.uma.money", umaCurrency: "EUR" }),
      { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: undefined },
      { destinationType: "UMA_ADDRESS", umaAddress: "$success.eur@sandbox.uma.money", currency: "EUR" },
    ],
    [
      "realtime funding for a customer to another internal account",
      form({ sourceType: "REALTIME_FUNDING", fundingCurrency: "USD", sourceOwner: "Customer:c", destinationType: "INTERNAL", destinationAccountId: "InternalAccount:p-jpy" }),
      { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: "Customer:c" },
      { destinationType: "ACCOUNT", accountId: "InternalAccount:p-jpy" },
    ],
  ])("sends %s with the API's shapes", (_, values, source, destination) => {
    const input = toQuoteInput(values, "2500");
    expect(input.source).toEqual(source);
    expect(input.destination).toEqual(destination);
    const parsed = QuoteInputSchema.parse(input);
    expect(toQuoteRequest(parsed)).toMatchObject({ lockedCurrencySide: "SENDING", lockedCurrencyAmount: 2500 });
  });

  it("drops empty optional details and keeps the ones given", () => {
    const request = toQuoteRequest(QuoteInputSchema.parse(toQuoteInput(form({ destinationAccountId: "ExternalAccount:p-eur", remittanceInformation: " Invoice 42 ", purposeOfPayment: "GIFT" }), "1")));
    expect(request.description).toBeUndefined();
    expect(request.remittanceInformation).toBe("Invoice 42");
    expect(request.purposeOfPayment).toBe("GIFT");
  });

  it("names bad input by the API's field paths", () => {
    const parsed = QuoteInputSchema.safeParse(toQuoteInput(form({ destinationType: "UMA_ADDRESS", umaAddress: "", umaCurrency: "E", remittanceInformation: "x".repeat(81) }), "12.5"));
    expect(parsed.success).toBe(false);
    const result = invalidInputResult(parsed.error!);
    expect(result.ok ? {} : Object.keys(result.error.fieldErrors ?? {}).sort()).toEqual(["destination.currency", "destination.umaAddress", "lockedCurrencyAmount", "remittanceInformation"]);
  });

  it("takes each side's currency, with its decimals, from the chosen accounts", () => {
    const currencies = formCurrencies(form({ sourceAccountId: "InternalAccount:p-jpy", destinationAccountId: "ExternalAccount:p-eur" }), CTX);
    expect(currencies.sending).toEqual({ code: "JPY", decimals: 0 });
    expect(currencies.receiving).toEqual({ code: "EUR" });
    expect(formCurrencies(form({ sourceType: "REALTIME_FUNDING", fundingCurrency: "usd" }), CTX).sending).toEqual({ code: "USD", decimals: 2 });
  });

  it.each([
    ["AMOUNT_OUT_OF_RANGE", {}, "lockedCurrencyAmount"],
    ["TRANSACTION_SIZE_LIMIT_EXCEEDED", {}, "lockedCurrencyAmount"],
    ["UMA_NOT_FOUND", { destinationType: "UMA_ADDRESS" as const }, "destination.umaAddress"],
    ["INVALID_CURRENCY", { destinationType: "UMA_ADDRESS" as const }, "destination.currency"],
    ["INVALID_CURRENCY", {}, "destination.accountId"],
    ["SELF_PAYMENT", { destinationType: "INTERNAL" as const }, "destination.accountId"],
  ])("shows %s beside the field it is about", (code, change, field) => {
    const errors = quoteFieldErrors({ code, message: `the API's ${code} message` }, form(change));
    expect(errors).toEqual({ [field]: `the API's ${code} message` });
  });

  it("keeps the API's own field errors and adds nothing for codes about no field", () => {
    const fieldErrors = { "destination.accountId": "belongs to another customer" };
    expect(quoteFieldErrors({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors }, form({}))).toEqual(fieldErrors);
    expect(quoteFieldErrors({ code: "FORBIDDEN", message: "no" }, form({}))).toEqual({});
  });
});

describe("the quote form's pull source (a bank external account)", () => {
  const PULL_CTX: QuoteFormContext = {
    accounts: CTX.accounts,
    externalAccounts: [
      ...CTX.externalAccounts,
      external("ExternalAccount:c-usd", "USD", "Customer:c"),
      external("ExternalAccount:c-swift", "GBP", "Customer:c", "ACTIVE", "SWIFT_ACCOUNT"),
      external("ExternalAccount:c-wallet", "USDC", "Customer:c", "ACTIVE", "BASE_WALLET"),
      external("ExternalAccount:c-lightning", "BTC", "Customer:c", "ACTIVE", "LIGHTNING"),
      external("ExternalAccount:w-wallet", "USDC", "Customer:w", "ACTIVE", "SOLANA_WALLET"),
      external("ExternalAccount:v-usd", "USD", "Customer:v", "PENDING_OWNERSHIP_VERIFICATION"),
      external("ExternalAccount:r-usd", "USD", "Customer:r", "REJECTED"),
    ],
  };
  const pull = (change: Partial<QuoteFormValues>) => ({ ...initialQuoteForm(PULL_CTX), sourceType: "PULL" as const, sourceOwner: "Customer:c", pullAccountId: "ExternalAccount:c-usd", ...change });

  it("takes every <CUR>_ACCOUNT and SWIFT_ACCOUNT for a bank account, never a wallet or Lightning", () => {
    const kinds = PULL_CTX.externalAccounts.filter(isBankExternalAccount).map((a) => a.id);
    expect(kinds).toContain("ExternalAccount:c-swift");
    expect(kinds).not.toContain("ExternalAccount:c-wallet");
    expect(kinds).not.toContain("ExternalAccount:c-lightning");
  });

  it("offers the owner's ACTIVE bank accounts only", () => {
    expect(pullAccountsOf(PULL_CTX, "Customer:c").map((a) => a.id)).toEqual(["ExternalAccount:c-eur", "ExternalAccount:c-usd", "ExternalAccount:c-swift"]);
    expect(pullAccountsOf(PULL_CTX, PLATFORM_OWNER).map((a) => a.id)).toEqual(["ExternalAccount:p-eur"]);
    expect(pullAccountsOf(PULL_CTX, "Customer:v")).toEqual([]);
  });

  it.each([
    ["no external account", "Customer:none", "Ada has no external account; add a bank account under Accounts."],
    ["only wallets", "Customer:w", "Ada has only wallets; money is pulled only from bank accounts."],
    ["a bank account awaiting proof of ownership", "Customer:v", "None of Ada's bank accounts is ACTIVE (PENDING_OWNERSHIP_VERIFICATION); prove ownership of one first. Only ACTIVE bank accounts can be pulled from."],
    ["a rejected bank account", "Customer:r", "None of Ada's bank accounts is ACTIVE (REJECTED). Only ACTIVE bank accounts can be pulled from."],
  ])("says why none is offered for an owner with %s", (_, owner, reason) => {
    expect(noPullAccountReason(PULL_CTX, owner, "Ada")).toBe(reason);
  });

  it("sends the bank account as an ACCOUNT source with its owner, the statement descriptor, and immediatelyExecute when asked", () => {
    const input = toQuoteInput(pull({ destinationType: "INTERNAL", destinationAccountId: "InternalAccount:c-usd", statementDescriptor: " PAYROLL ", isExecutingAtOnce: true }), "2500");
    expect(input.source).toEqual({ sourceType: "ACCOUNT", accountId: "ExternalAccount:c-usd", customerId: "Customer:c" });
    const request = toQuoteRequest(QuoteInputSchema.parse(input));
    expect(request).toMatchObject({ statementDescriptor: "PAYROLL", immediatelyExecute: true, lockedCurrencyAmount: 2500 });
    expect(toQuoteInput(pull({ sourceOwner: PLATFORM_OWNER, pullAccountId: "ExternalAccount:p-eur" }), "1").source).toEqual({ sourceType: "ACCOUNT", accountId: "ExternalAccount:p-eur", customerId: undefined });
  });

  it("sends no statement descriptor for other sources, and never immediatelyExecute for realtime funding", () => {
    expect(toQuoteInput(form({ statementDescriptor: "X" }), "1").statementDescriptor).toBeUndefined();
    expect(toQuoteInput(form({ sourceType: "REALTIME_FUNDING", isExecutingAtOnce: true }), "1").immediatelyExecute).toBeUndefined();
    expect(toQuoteInput(form({ isExecutingAtOnce: false }), "1").immediatelyExecute).toBeUndefined();
  });

  it("refuses a statement descriptor over 10 characters under its own field", () => {
    const parsed = QuoteInputSchema.safeParse(toQuoteInput(pull({ destinationAccountId: "ExternalAccount:c-eur", statementDescriptor: "ELEVENCHARS" }), "1"));
    expect(parsed.success).toBe(false);
    const result = invalidInputResult(parsed.error!);
    expect(result.ok ? {} : result.error.fieldErrors).toEqual({ statementDescriptor: "can be at most 10 characters" });
  });

  it("sends in the bank account's currency", () => {
    expect(formCurrencies(pull({ destinationAccountId: "ExternalAccount:c-eur" }), PULL_CTX)).toEqual({ sending: { code: "USD", decimals: 2 }, receiving: { code: "EUR" } });
  });

  it("shows a refusal of the bank account beside it, and of the payee beside the payee", () => {
    const values = pull({ destinationAccountId: "ExternalAccount:c-unverified" });
    const refused = (accountId: string, code = "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED") => quoteFieldErrors({ code, message: `${accountId} is refused`, details: { accountId } }, values);
    expect(refused("ExternalAccount:c-usd")).toEqual({ "source.accountId": "ExternalAccount:c-usd is refused" });
    expect(refused("ExternalAccount:c-unverified")).toEqual({ "destination.accountId": "ExternalAccount:c-unverified is refused" });
    expect(refused("ExternalAccount:c-usd", "CONFLICT")).toEqual({ "source.accountId": "ExternalAccount:c-usd is refused" });
    expect(refused("ExternalAccount:c-unverified", "CONFLICT")).toEqual({});
    expect(quoteFieldErrors({ code: "END_USER_TERMS_NOT_ACCEPTED", message: "terms" }, values)).toEqual({ "source.accountId": "terms" });
  });

  it("keeps the API's wallet refusal beside the bank account select", () => {
    const fieldErrors = { "source.accountId": "is a BASE_WALLET, which cannot be pulled from: pulls come only from bank accounts" };
    expect(quoteFieldErrors({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors }, pull({ pullAccountId: "ExternalAccount:c-wallet" }))).toEqual(fieldErrors);
  });
});

describe("checking the quote form before sending", () => {
  it("names every missing field at once: the destination account and the amount", () => {
    expect(checkQuoteForm(form({ destinationAccountId: "", amount: "" }), 2)).toEqual({
      ok: false,
      fieldErrors: { "destination.accountId": "Choose an account", lockedCurrencyAmount: "must be an amount like 12.34" },
    });
  });

  it("names a missing UMA address and currency together with a bad amount", () => {
    const checked = checkQuoteForm(form({ destinationType: "UMA_ADDRESS", umaAddress: "", umaCurrency: "", amount: "1.234" }), 2);
    expect(checked.ok ? [] : Object.keys(checked.fieldErrors).sort()).toEqual(["destination.currency", "destination.umaAddress", "lockedCurrencyAmount"]);
  });

  it("puts an unpicked customer's error on the picker, not on the account list it leaves empty", () => {
    expect(checkQuoteForm(form({ sourceOwner: "", sourceAccountId: "", amount: "5" }), 2)).toEqual({ ok: false, fieldErrors: { "source.customerId": "Choose a customer" } });
    expect(checkQuoteForm(form({ destinationType: "INTERNAL", destinationOwner: "", amount: "" }), 2)).toEqual({
      ok: false,
      fieldErrors: { "destination.customerId": "Choose a customer", lockedCurrencyAmount: "must be an amount like 12.34" },
    });
  });

  it("answers the action's input, the amount in minor units, when nothing is wrong", () => {
    const checked = checkQuoteForm(form({ destinationAccountId: "ExternalAccount:p-eur", amount: "12.34" }), 2);
    expect(checked).toMatchObject({ ok: true, input: { lockedCurrencyAmount: "1234", destination: { accountId: "ExternalAccount:p-eur" } } });
  });
});

describe("the purpose of payment picker", () => {
  it("labels every purpose the API takes in words, never its code", () => {
    expect(PURPOSE_OPTIONS.map((o) => o.value)).toEqual(PURPOSES_OF_PAYMENT);
    for (const { value, label } of PURPOSE_OPTIONS) {
      expect(label).not.toBe(value);
      expect(label).toMatch(/^[A-Z][a-z]/);
    }
    expect(PURPOSE_OPTIONS.find((o) => o.value === "GIFT")?.label).toBe("Gift");
    expect(PURPOSE_OPTIONS.find((o) => o.value === "SELF")?.label).toBe("Transfer to own account");
  });
});
