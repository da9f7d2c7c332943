// Test-only helpers for the quotes and receivers tests (imported by *.test.ts files only).
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import type { Permission } from "../http/context";
import type { Credentials, TestApp } from "../testing/test-app";
import { accountNumberEndingIn, transfersFixture } from "../transfers/transfer-fixtures";

/**
 * A regulated sandbox platform with a customer's ACTIVE USD account (funded with `fund` cents when
 * given) and shortcuts for quotes: create, execute, read, events of a transaction, balances.
 */
export async function quotesFixture(t: TestApp, options: { fund?: number; permissions?: Permission[] } = {}) {
  const f = await transfersFixture(t, { permissions: options.permissions });
  if (options.fund) {
    const res = await f.fund(f.accountId, options.fund);
    if (res.status !== 200) throw new Error(`funding failed: ${res.text}`);
  }

  /** A customer external account in `currency` (USD: number ending in `suffix` when given). */
  async function external(options: { suffix?: string; currency?: string; owner?: string | null } = {}) {
    const currency = options.currency ?? "USD";
    if (currency === "USD") return f.externalAccount({ accountNumber: options.suffix ? accountNumberEndingIn(options.suffix) : undefined, owner: options.owner });
    const example = EXAMPLES[`${currency}_ACCOUNT`]!;
    return f.externalAccount({ currency, accountInfo: example.accountInfo, owner: options.owner });
  }

  /** POST /quotes; a UMA destination without a lookupId is looked up first, as a platform's client would. */
  async function createQuote(body: Record<string, unknown>, options: { auth?: Credentials; idempotencyKey?: string } = {}) {
    const destination = body.destination as { destinationType?: string; umaAddress?: string } | undefined;
    if (destination?.destinationType === "UMA_ADDRESS" && destination.umaAddress && body.lookupId === undefined) {
      const lookup = await t.call("GET", `/receiver/uma/${encodeURIComponent(destination.umaAddress)}`, { auth: options.auth ?? f.auth });
      if (lookup.status === 200) body = { ...body, lookupId: lookup.json.lookupId };
    }
    return t.call("POST", "/quotes", { auth: options.auth ?? f.auth, body, headers: options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {} });
  }

  /** A quote from the customer's USD account (or `source`) to `destination`, SENDING-locked `amount` unless told. */
  const quote = (destination: string, amount: number, extra: Record<string, unknown> = {}) =>
    createQuote({ source: { sourceType: "ACCOUNT", accountId: f.accountId }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount, ...extra });

  /** Creates a quote that must succeed, returning its body. */
  async function okQuote(destination: string, amount: number, extra: Record<string, unknown> = {}) {
    const res = await quote(destination, amount, extra);
    if (res.status !== 200) throw new Error(`quote failed: ${res.text}`);
    return res.json;
  }

  const execute = (quoteId: string, options: { headers?: Record<string, string>; auth?: Credentials } = {}) =>
    t.call("POST", `/quotes/${quoteId}/execute`, { auth: options.auth ?? f.auth, headers: options.headers });
  const getQuote = async (id: string) => (await t.call("GET", `/quotes/${id}`, { auth: f.auth })).json;
  const types = async (transactionId: string) => (await f.eventsFor(transactionId)).map((e) => e.type as string);
  /** The platform's own internal account in `currency`. */
  async function platformAccount(currency = "USD") {
    const res = await t.call("GET", "/platform/internal-accounts", { auth: f.auth });
    const account = (res.json.data as { id: string; balance: { amount: number; currency: { code: string } } }[]).find((a) => a.balance.currency.code === currency);
    if (!account) throw new Error(`no platform ${currency} account: ${res.text}`);
    return account;
  }
  const advanceSeconds = async (seconds: number) => {
    const res = await f.advance(seconds);
    if (res.status !== 200) throw new Error(`advance failed: ${res.text}`);
    return res.json;
  };

  return { ...f, external, createQuote, quote, okQuote, execute, getQuote, types, platformAccount, advanceSeconds };
}

export type QuotesFixture = Awaited<ReturnType<typeof quotesFixture>>;
