// Test-only helpers for the cards tests (imported by *.test.ts files only).
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import type { TestApp } from "../testing/test-app";

/** A platformCardId ending 777: the sandbox issuer activates it at once. */
export const neutralPlatformCardId = (suffix = "777") => `pc-${Math.floor(Math.random() * 1e9)}-${suffix}`;

/** A random descriptor whose last three characters carry no sandbox outcome. */
export const plainDescriptor = () => `COFFEE SHOP ${Math.floor(Math.random() * 1e6)}-X99`;

/**
 * A regulated sandbox platform with an APPROVED customer, its ACTIVE USD account funded with
 * `funding` (default 100 000), an ACTIVE card on it, and shortcuts for the card simulators.
 */
export async function cardsFixture(t: TestApp, options: { funding?: number; platformCardId?: string } = {}) {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  // The sandbox issuer refuses funding accounts whose id ends 002 or 003 (random ids do, now and then).
  let { customerId, accountId } = await f.activeAccount("USD");
  while (/00[23]$/.test(accountId)) ({ customerId, accountId } = await f.activeAccount("USD"));
  if ((options.funding ?? 100_000) > 0) {
    const res = await f.fund(accountId, options.funding ?? 100_000);
    if (res.status !== 200) throw new Error(`funding failed: ${res.text}`);
  }

  async function issue(body: Record<string, unknown> = {}) {
    return t.call("POST", "/cards", { auth: f.auth, body: { cardholderId: customerId, form: "VIRTUAL", fundingSources: [accountId], ...body } });
  }
  // A neutral issuance suffix: a random cardholder id could end in 001/002/005.
  const created = await issue({ platformCardId: options.platformCardId ?? neutralPlatformCardId() });
  if (created.status !== 201) throw new Error(`card not issued: ${created.text}`);
  const cardId = created.json.id as string;

  const simulate = (name: string, body: unknown, id = cardId) => t.call("POST", `/sandbox/cards/${id}/simulate/${name}`, { auth: f.auth, body });
  const cardTransactions = async (id = cardId) => {
    const res = await t.call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(id)}&sortOrder=asc&limit=100`, { auth: f.auth });
    if (res.status !== 200) throw new Error(`listing failed: ${res.text}`);
    return res.json.data as CardTx[];
  };
  const byToken = async (token: string) => (await cardTransactions()).find((row) => row.issuerTransactionToken === token)!;
  /** Simulates an authorization and answers its row. */
  async function authorize(amount: number, descriptor = plainDescriptor(), name = "authorization") {
    const res = await simulate(name, { amount, currency: { code: "USD" }, merchant: { descriptor, mcc: "5814", country: "US" } });
    if (res.status !== 202) throw new Error(`${name} failed: ${res.text}`);
    return byToken(res.json.issuerTransactionToken);
  }
  async function clear(row: CardTx, amount: number) {
    const res = await simulate("clearing", { cardTransactionId: row.id, amount });
    if (res.status !== 202) throw new Error(`clearing failed: ${res.text}`);
    return getRow(row.id);
  }
  const getRow = async (id: string) => (await cardTransactions()).find((row) => row.id === id)!;
  async function balance(id = accountId) {
    const res = await t.call("GET", `/internal-accounts/${id}`, { auth: f.auth });
    return { available: res.json.balance.amount as number, total: res.json.totalBalance.amount as number };
  }
  /** CARD_TRANSACTION.* events about one card transaction, oldest first: [type, status, settled, refunded]. */
  async function eventsOf(cardTransactionId: string) {
    const rows = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, type: { startsWith: "CARD_TRANSACTION." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return rows
      .map((e) => JSON.parse(e.body))
      .filter((e) => e.data.id === cardTransactionId)
      .map((e) => ({ type: e.type as string, status: e.data.status as string, settled: e.data.settledAmount.amount as number, refunded: e.data.refundedAmount.amount as number }));
  }
  const patch = (body: unknown, id = cardId) => t.call("PATCH", `/cards/${id}`, { auth: f.auth, body });
  const getCard = async (id = cardId) => (await t.call("GET", `/cards/${id}`, { auth: f.auth })).json;

  return { ...f, customerId, accountId, cardId, issue, simulate, cardTransactions, byToken, authorize, clear, getRow, balance, eventsOf, patch, getCard };
}

export interface CardTx {
  id: string;
  type: "CARD";
  issuerTransactionToken: string;
  status: string;
  direction: string;
  cardDeclinedReason: string | null;
  originalTransactionId: string | null;
  authorizedAmount: { amount: number; currency: { code: string } };
  settledAmount: { amount: number };
  refundedAmount: { amount: number };
  pullSummary: { count: number; totalAmount: number; pendingCount: number };
  settlementSummary: { count: number; totalAmount: number };
  refundSummary: { count: number; totalAmount: number };
  merchant: { descriptor: string };
}
