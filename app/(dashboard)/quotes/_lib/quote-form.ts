import type { components } from "@/lib/client/generated/schema";
import type { ActionError } from "@/lib/client/action-result";
import { externalAccountSummary } from "@/components/external-accounts-table";
import { formatMoney, parseMajorUnits, type MoneyCurrency } from "@/components/money";
import { MAX_QUOTE_AMOUNT } from "../../_lib/amount-limits";
import { QuoteInputSchema, type QuoteInput } from "./quote-input";

type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

/** The platform itself, where a customer id would name the owner. */
export const PLATFORM_OWNER = "platform";

/** Accounts that can take part in a payment; the API decides the rest (owners, currencies, limits). */
const USABLE_EXTERNAL = new Set(["ACTIVE", "PENDING_OWNERSHIP_VERIFICATION"]);

export function isUsableInternal(a: InternalAccount): boolean {
  return a.status === "ACTIVE";
}

export function isUsableExternal(a: ExternalAccount): boolean {
  return USABLE_EXTERNAL.has(a.status);
}

export interface QuoteFormValues {
  /** ACCOUNT: an internal account (prefunded); PULL: a bank external account pulled from at execution (the API's ACCOUNT source with an ExternalAccount id). */
  sourceType: "ACCOUNT" | "PULL" | "REALTIME_FUNDING";
  /**
   * Who pays: PLATFORM_OWNER, a `Customer:<uuid>`, or "" while a customer is still to be picked.
   * The source account is one of theirs; realtime funds arrive for them.
   */
  sourceOwner: string;
  sourceAccountId: string;
  /** The payer's bank external account to pull from (sourceType PULL). */
  pullAccountId: string;
  fundingCurrency: string;
  destinationType: "EXTERNAL" | "INTERNAL" | "UMA_ADDRESS";
  /** Whose internal account receives (destination INTERNAL): PLATFORM_OWNER, a customer id, or "". */
  destinationOwner: string;
  destinationAccountId: string;
  umaAddress: string;
  umaCurrency: string;
  lockedCurrencySide: "SENDING" | "RECEIVING";
  amount: string;
  description: string;
  remittanceInformation: string;
  purposeOfPayment: string;
  /** ACH only (a pull from or a payout to a US bank account), at most 10 characters. */
  statementDescriptor: string;
  /** Run the quote in the same call (not for realtime funding). */
  isExecutingAtOnce: boolean;
}

/** The accounts the form knows: the platform's, and those of the customers picked so far. */
export interface QuoteFormContext {
  accounts: InternalAccount[];
  externalAccounts: ExternalAccount[];
}

export function initialQuoteForm(ctx: QuoteFormContext): QuoteFormValues {
  const platform = internalAccountsOf(ctx, PLATFORM_OWNER);
  const usd = platform.find((a) => a.balance.currency.code === "USD") ?? platform[0];
  return {
    sourceType: "ACCOUNT",
    sourceOwner: PLATFORM_OWNER,
    sourceAccountId: usd?.id ?? "",
    pullAccountId: "",
    fundingCurrency: "USD",
    destinationType: "EXTERNAL",
    destinationOwner: PLATFORM_OWNER,
    destinationAccountId: "",
    umaAddress: "",
    umaCurrency: "",
    lockedCurrencySide: "SENDING",
    amount: "",
    description: "",
    remittanceInformation: "",
    purposeOfPayment: "",
    statementDescriptor: "",
    isExecutingAtOnce: false,
  };
}

/** The usable internal accounts of one owner (PLATFORM_OWNER or a customer id); none for "". */
export function internalAccountsOf(ctx: QuoteFormContext, owner: string): InternalAccount[] {
  return ctx.accounts.filter((a) => isUsableInternal(a) && (a.customerId ?? PLATFORM_OWNER) === owner);
}

/** The usable external accounts of one owner: a payout goes to the payer's own accounts. */
export function externalAccountsOf(ctx: QuoteFormContext, owner: string): ExternalAccount[] {
  return ctx.externalAccounts.filter((a) => isUsableExternal(a) && (a.customerId ?? PLATFORM_OWNER) === owner);
}

/** Bank accounts (every `<CUR>_ACCOUNT` and SWIFT_ACCOUNT); wallets and Lightning cannot be pulled from. */
export function isBankExternalAccount(a: ExternalAccount): boolean {
  return a.accountInfo.accountType.endsWith("_ACCOUNT");
}

/** The bank accounts of one owner the API will pull from: ACTIVE only (ownership proven). */
export function pullAccountsOf(ctx: QuoteFormContext, owner: string): ExternalAccount[] {
  return ctx.externalAccounts.filter((a) => isBankExternalAccount(a) && a.status === "ACTIVE" && (a.customerId ?? PLATFORM_OWNER) === owner);
}

/** Why an owner has no bank account to pull from: none at all, only wallets, or none ACTIVE yet (and why). */
export function noPullAccountReason(ctx: QuoteFormContext, owner: string, ownerName: string): string {
  const own = ctx.externalAccounts.filter((a) => (a.customerId ?? PLATFORM_OWNER) === owner);
  const banks = own.filter(isBankExternalAccount);
  if (own.length === 0) return `${ownerName} has no external account; add a bank account under Accounts.`;
  if (banks.length === 0) return `${ownerName} has only wallets; money is pulled only from bank accounts.`;
  const statuses = [...new Set(banks.map((a) => a.status))].sort().join(", ");
  const needsProof = banks.some((a) => a.status === "PENDING_OWNERSHIP_VERIFICATION" || a.status === "UNVERIFIED");
  return `None of ${ownerName}'s bank accounts is ACTIVE (${statuses})${needsProof ? "; prove ownership of one first" : ""}. Only ACTIVE bank accounts can be pulled from.`;
}

/** The currencies the API will quote in, as far as the form knows them (decimals from the accounts). */
export function formCurrencies(values: QuoteFormValues, ctx: QuoteFormContext): { sending?: MoneyCurrency; receiving?: MoneyCurrency } {
  const known = (code: string | undefined): MoneyCurrency | undefined =>
    code ? (ctx.accounts.find((a) => a.balance.currency.code === code)?.balance.currency ?? { code }) : undefined;
  const sending =
    values.sourceType === "ACCOUNT"
      ? ctx.accounts.find((a) => a.id === values.sourceAccountId)?.balance.currency
      : values.sourceType === "PULL"
        ? known(ctx.externalAccounts.find((a) => a.id === values.pullAccountId)?.currency)
        : known(values.fundingCurrency.trim().toUpperCase() || undefined);
  const receiving =
    values.destinationType === "UMA_ADDRESS"
      ? known(values.umaCurrency || undefined)
      : values.destinationType === "INTERNAL"
        ? ctx.accounts.find((a) => a.id === values.destinationAccountId)?.balance.currency
        : known(ctx.externalAccounts.find((a) => a.id === values.destinationAccountId)?.currency);
  return { sending, receiving };
}

/** Why an owner's account list is empty or partial: no customer picked yet, loading, failed, cut short, or none. */
export function ownerAccountsHint(owner: string, loadHint: string | undefined, isEmpty: boolean, emptyText: string): string | undefined {
  if (owner === "") return "Pick the customer first.";
  return loadHint ?? (isEmpty ? emptyText : undefined);
}

/** "Choose a customer" beside a customer picker left empty; nothing is sent until it is filled. */
export function ownerErrors(values: QuoteFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.sourceOwner === "") errors["source.customerId"] = "Choose a customer";
  if (values.destinationType === "INTERNAL" && values.destinationOwner === "") errors["destination.customerId"] = "Choose a customer";
  return errors;
}

/**
 * Every mistake the form can see before sending, all at once, with the API's field paths: a customer
 * or account not chosen, a UMA address or currency missing, an amount that is not one. An account
 * whose owner is still to be picked gets no error of its own: the picker beside it has one.
 * Answers the action's input (amount in minor units) when there is none.
 */
export function checkQuoteForm(values: QuoteFormValues, decimals: number): { ok: true; input: QuoteInput } | { ok: false; fieldErrors: Record<string, string> } {
  const errors = ownerErrors(values);
  const amount = parseMajorUnits(values.amount, decimals, { max: MAX_QUOTE_AMOUNT });
  // Any valid amount stands in for a bad one, so the schema still checks every other field.
  const input = toQuoteInput(values, amount.ok ? amount.minorUnits : "1");
  const parsed = QuoteInputSchema.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  if (!amount.ok) errors.lockedCurrencyAmount = amount.message;
  if (values.sourceOwner === "") {
    delete errors["source.accountId"];
    if (values.destinationType === "EXTERNAL") delete errors["destination.accountId"];
  }
  if (values.destinationType === "INTERNAL" && values.destinationOwner === "") delete errors["destination.accountId"];
  return Object.keys(errors).length > 0 ? { ok: false, fieldErrors: errors } : { ok: true, input };
}

/** The action's input; `lockedAmount` already in minor units. */
export function toQuoteInput(values: QuoteFormValues, lockedAmount: string): QuoteInput {
  const owner = values.sourceOwner === PLATFORM_OWNER ? undefined : values.sourceOwner || undefined;
  const isPull = values.sourceType === "PULL";
  return {
    source:
      values.sourceType === "ACCOUNT"
        ? { sourceType: "ACCOUNT", accountId: values.sourceAccountId }
        : isPull
          ? // The owner is checked by the API too: a bank account of someone else is refused.
            { sourceType: "ACCOUNT", accountId: values.pullAccountId, customerId: owner }
          : { sourceType: "REALTIME_FUNDING", currency: values.fundingCurrency, customerId: owner },
    destination:
      values.destinationType === "UMA_ADDRESS"
        ? { destinationType: "UMA_ADDRESS", umaAddress: values.umaAddress, currency: values.umaCurrency }
        : { destinationType: "ACCOUNT", accountId: values.destinationAccountId },
    lockedCurrencySide: values.lockedCurrencySide,
    lockedCurrencyAmount: lockedAmount,
    description: values.description,
    remittanceInformation: values.remittanceInformation,
    purposeOfPayment: (values.purposeOfPayment || undefined) as QuoteInput["purposeOfPayment"],
    statementDescriptor: isPull ? values.statementDescriptor : undefined,
    immediatelyExecute: values.sourceType !== "REALTIME_FUNDING" && values.isExecutingAtOnce ? true : undefined,
  };
}

export function internalAccountLabel(a: InternalAccount): string {
  const owner = a.customerId ? `customer ${a.customerId}` : "platform";
  return `${a.balance.currency.code} · ${formatMoney(a.balance.amount, a.balance.currency)} available · ${owner} · ${a.id}`;
}

export function externalAccountLabel(a: ExternalAccount): string {
  const { kind, identifier } = externalAccountSummary(a.accountInfo);
  return `${a.currency} · ${kind} ${identifier} · ${a.id}`;
}

/** Codes that name no field in `details.errors` but are about one field; their message goes beside it. */
export function fieldForCode(error: ActionError, values: QuoteFormValues): string | undefined {
  switch (error.code) {
    case "AMOUNT_OUT_OF_RANGE":
    case "TRANSACTION_SIZE_LIMIT_EXCEEDED":
    case "DAILY_VOLUME_LIMIT_EXCEEDED":
    case "INSUFFICIENT_BALANCE":
      return "lockedCurrencyAmount";
    case "INVALID_UMA_ADDRESS":
    case "USER_NOT_FOUND":
    case "UMA_NOT_FOUND":
      return "destination.umaAddress";
    case "INVALID_CURRENCY":
      return values.destinationType === "UMA_ADDRESS" ? "destination.currency" : "destination.accountId";
    case "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED":
    case "CONFLICT":
      // details.accountId names the refused account: the bank account pulled from, or the payee.
      if (values.sourceType === "PULL" && error.details?.accountId === values.pullAccountId) return "source.accountId";
      return error.code === "CONFLICT" ? undefined : "destination.accountId";
    case "SELF_PAYMENT":
    case "ACCOUNT_NOT_FOUND":
    case "EXTERNAL_ACCOUNT_NOT_FOUND":
      return "destination.accountId";
    case "INTERNAL_ACCOUNT_NOT_FOUND":
    case "END_USER_TERMS_NOT_ACCEPTED":
      return "source.accountId";
    case "CUSTOMER_NOT_FOUND":
      return "source.customerId";
    default:
      return undefined;
  }
}

/** Every error the form shows beside a field: the API's field errors plus the one a code implies. */
export function quoteFieldErrors(error: ActionError | null, values: QuoteFormValues): Record<string, string> {
  if (!error) return {};
  const errors = { ...(error.fieldErrors ?? {}) };
  const field = fieldForCode(error, values);
  if (field) errors[field] ??= error.message;
  return errors;
}

/** Field paths the form has a control for; any other API field error is listed at the top. */
export const FIELDS_ON_SCREEN = new Set([
  "source.accountId",
  "statementDescriptor",
  "immediatelyExecute",
  "destination.customerId",
  "source.currency",
  "source.customerId",
  "destination.accountId",
  "destination.umaAddress",
  "destination.currency",
  "lockedCurrencySide",
  "lockedCurrencyAmount",
  "description",
  "remittanceInformation",
  "purposeOfPayment",
]);
