import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult } from "@/lib/client/action-result";
import {
  PLATFORM_OWNER,
  externalAccountsOf,
  formCurrencies,
  initialQuoteForm,
  internalAccountsOf,
  ownerErrors,
  quoteFieldErrors,
  toQuoteInput,
  type QuoteFormContext,
  type QuoteFormValues,
} from "./quote-form";
import { QuoteInputSchema, toQuoteRequest } from "./quote-input";

type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

const internal = (id: string, code: string, decimals: number, customerId?: string, status = "ACTIVE"): InternalAccount =>
  ({ id, customerId, status, type: "INTERNAL_FIAT", balance: { amount: 0, currency: { code, decimals } } }) as InternalAccount;
const external = (id: string, currency: string, customerId?: string, status = "ACTIVE"): ExternalAccount =>
  ({ id, customerId, currency, status, accountInfo: { accountType: `${currency}_ACCOUNT` } }) as unknown as ExternalAccount;

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
