import { randomUUID } from "node:crypto";
import type { TestApp, Credentials } from "../testing/test-app";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";

let keySeq = 0;
export const newKey = () => `key-${randomUUID()}-${++keySeq}`;

/** POST with a fresh Idempotency-Key unless one is given. */
export function post(t: TestApp, auth: Credentials, path: string, body: unknown, key: string | null = newKey()) {
  return t.call("POST", path, { auth, body, headers: key === null ? {} : { "idempotency-key": key } });
}

export async function linkAccount(t: TestApp, auth: Credentials, apiClientId = `client-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await post(t, auth, "/stablecoin-provider-accounts", { provider: "BRALE", apiClientId, apiClientSecret: "s3cret" });
  if (res.status !== 201) throw new Error(`link failed: ${res.status} ${res.text}`);
  return res.json as { id: string; status: string; providerAccountId: string };
}

export async function registerCoin(t: TestApp, auth: Credentials, providerTokenIdentifier: string, stablecoinProviderAccountId?: string) {
  const res = await post(t, auth, "/stablecoins", { providerTokenIdentifier, networkTokenIdentifier: `btkn1${providerTokenIdentifier}`, network: "SPARK", stablecoinProviderAccountId });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.json as { id: string; decimals: number; symbol: string };
}

/** A platform USD bank account whose account number ends in `suffix`. */
export async function bankAccount(t: TestApp, auth: Credentials, suffix = "555") {
  const accountNumber = `${Math.floor(Math.random() * 1e6)}${suffix}`;
  const res = await t.call("POST", "/platform/external-accounts", {
    auth,
    body: { currency: "USD", accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber } },
  });
  if (res.status !== 201) throw new Error(`bank account failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}

const wallets = new Map<string, string>();

/** The platform's Spark wallet (created once per platform: the same address twice is a 409). */
export async function sparkWallet(t: TestApp, auth: Credentials) {
  const known = wallets.get(auth.clientId);
  if (known) return known;
  const res = await t.call("POST", "/platform/external-accounts", { auth, body: { ...EXAMPLES.SPARK_WALLET, currency: "USDB" } });
  if (res.status !== 201) throw new Error(`spark wallet failed: ${res.status} ${res.text}`);
  wallets.set(auth.clientId, res.json.id as string);
  return res.json.id as string;
}

/** Types of the platform's webhook events, oldest first, that concern `operationId`. */
export async function operationEvents(t: TestApp, platformId: string, operationId: string) {
  const rows = await t.db.webhookEvent.findMany({ where: { platformId, type: { startsWith: "STABLECOIN_OPERATION." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => JSON.parse(r.body) as { type: string; data: { id: string; status: string } }).filter((e) => e.data.id === operationId).map((e) => e.type);
}
