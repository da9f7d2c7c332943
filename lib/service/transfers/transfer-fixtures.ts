// Test-only helpers for the transfers and transactions tests (imported by *.test.ts files only).
import { EXAMPLES, PERSON_WITH_ADDRESS } from "../external-accounts/external-account-fixtures";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import type { Permission } from "../http/context";
import type { Credentials, TestApp } from "../testing/test-app";

/** A random account number ending in 55: never a suffix with a sandbox outcome. */
export const plainAccountNumber = () => `${Math.floor(Math.random() * 1e9)}55`;
/** A random account number ending in `suffix` (002…008, twins 112…118). */
export const accountNumberEndingIn = (suffix: string) => `${Math.floor(Math.random() * 1e6)}${suffix}`;

/**
 * A regulated sandbox platform (customers APPROVED, accounts ACTIVE at creation) with a customer's
 * ACTIVE USD account and API shortcuts for transfers.
 */
export async function transfersFixture(t: TestApp, options: { permissions?: Permission[] } = {}) {
  const f = await internalAccountsFixture(t, { isRegulated: true, permissions: options.permissions });
  const { customerId, accountId } = await f.activeAccount("USD");

  /** A USD external account of `owner` (a customer, or the platform with null) whose number is `accountNumber`. */
  async function externalAccount(options: { accountNumber?: string; owner?: string | null; currency?: string; accountInfo?: Record<string, unknown>; ownershipType?: string } = {}) {
    const owner = options.owner === undefined ? customerId : options.owner;
    const accountInfo = options.accountInfo ?? { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber: options.accountNumber ?? plainAccountNumber(), beneficiary: PERSON_WITH_ADDRESS };
    const body = { currency: options.currency ?? "USD", accountInfo, ...(owner !== null && { customerId: owner }), ...(options.ownershipType && { ownershipType: options.ownershipType }) };
    const res = await t.call("POST", owner === null ? "/platform/external-accounts" : "/customers/external-accounts", { auth: f.auth, body });
    if (res.status !== 201) throw new Error(`external account not created: ${res.text}`);
    return res.json.id as string;
  }

  const transferOut = (body: unknown, options: { auth?: Credentials; idempotencyKey?: string } = {}) =>
    t.call("POST", "/transfer-out", { auth: options.auth ?? f.auth, body, headers: options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {} });
  const transferIn = (body: unknown, options: { auth?: Credentials } = {}) => t.call("POST", "/transfer-in", { auth: options.auth ?? f.auth, body });
  const out = (destination: string, amount: number, source = accountId) => transferOut({ source: { accountId: source }, destination: { accountId: destination }, amount });
  const pull = (source: string, amount: number, destination = accountId) => transferIn({ source: { accountId: source }, destination: { accountId: destination }, amount });

  async function balance(id = accountId) {
    const res = await t.call("GET", `/internal-accounts/${id}`, { auth: f.auth });
    return { available: res.json.balance.amount as number, total: res.json.totalBalance.amount as number };
  }
  const getTransaction = async (id: string) => (await t.call("GET", `/transactions/${id}`, { auth: f.auth })).json;
  const advance = (seconds: number) => t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds } });
  /** The webhook events written about one transaction, in the order of its status history. */
  const eventsFor = async (transactionId: string) => {
    const steps = await t.db.transactionStatusChange.findMany({
      where: { platformId: f.platformId, transactionId: transactionId.replace("Transaction:", ""), webhookEventId: { not: null } },
      orderBy: { sequence: "asc" },
    });
    const events = await t.db.webhookEvent.findMany({ where: { platformId: f.platformId, id: { in: steps.map((s) => s.webhookEventId!) } } });
    const byId = new Map(events.map((e) => [e.id, JSON.parse(e.body)]));
    return steps.map((s) => byId.get(s.webhookEventId!));
  };

  return { ...f, customerId, accountId, externalAccount, transferOut, transferIn, out, pull, balance, getTransaction, advance, eventsFor };
}
