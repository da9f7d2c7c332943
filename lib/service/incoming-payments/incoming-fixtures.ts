// Test-only helpers for the incoming-payments tests (imported by *.test.ts files only).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import type { TestApp } from "../testing/test-app";

export type PlatformAnswer = { status: number; body?: unknown } | "hang";

/**
 * A platform webhook endpoint on 127.0.0.1: approval requests (INCOMING_PAYMENT.PENDING) get
 * `answer(request)`, every other event 200. Records what arrived, with the signature header.
 */
export async function startPlatformEndpoint(
  answer: (request: { type: string; data: Record<string, unknown> }) => PlatformAnswer | Promise<PlatformAnswer> = () => ({ status: 200 }),
) {
  const received: { type: string; body: string; json: { type: string; data: Record<string, unknown> }; signature: string | undefined }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const json = JSON.parse(body);
      received.push({ type: json.type, body, json, signature: req.headers["x-service-signature"] as string | undefined });
      const reply: PlatformAnswer = json.type === "INCOMING_PAYMENT.PENDING" ? await answer(json) : { status: 200 };
      if (reply === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    approvalRequests: () => received.filter((r) => r.type === "INCOMING_PAYMENT.PENDING"),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A regulated sandbox platform whose webhook endpoint is `endpoint` (null: none), with a customer
 * (full name, birth date and nationality on file unless `isMissingBirthDate`) and their ACTIVE USD
 * account, and shortcuts for the incoming-payment calls.
 */
export async function incomingFixture(t: TestApp, options: { endpoint: string | null; isMissingBirthDate?: boolean }) {
  const f = await internalAccountsFixture(t, { isRegulated: true });
  await t.db.platform.update({ where: { id: f.platformId }, data: { webhookEndpoint: options.endpoint } });
  const body = {
    customerType: "INDIVIDUAL",
    fullName: "Grace Hopper",
    nationality: "US",
    ...(!options.isMissingBirthDate && { birthDate: "1980-12-09" }),
  };
  const created = await t.call("POST", "/customers", { auth: f.auth, body });
  if (created.status !== 201) throw new Error(`customer creation failed: ${created.text}`);
  const customerId = created.json.id as string;
  const umaAddress = created.json.umaAddress as string;
  const accounts = await f.accountsOf(customerId);
  const accountId = accounts.find((a) => a.balance.currency.code === "USD")!.id;

  const receive = (overrides: Record<string, unknown> = {}) =>
    t.call("POST", "/sandbox/uma/receive", {
      auth: f.auth,
      body: { senderUmaAddress: "$success.usd@sandbox.uma.money", customerId, receivingCurrencyCode: "USD", receivingCurrencyAmount: 10_000, ...overrides },
    });
  const approve = (id: string, body?: unknown) => t.call("POST", `/transactions/${id}/approve`, { auth: f.auth, ...(body !== undefined && { body }) });
  const reject = (id: string, body?: unknown) => t.call("POST", `/transactions/${id}/reject`, { auth: f.auth, ...(body !== undefined && { body }) });
  const getTransaction = async (id: string) => (await t.call("GET", `/transactions/${id}`, { auth: f.auth })).json;
  const advance = (seconds: number) => t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds } });
  async function balance(id = accountId) {
    const res = await t.call("GET", `/internal-accounts/${id}`, { auth: f.auth });
    return res.json.balance.amount as number;
  }
  /** Event types written about one transaction, in the order of its status history. */
  const eventTypesFor = async (transactionId: string) => {
    const steps = await t.db.transactionStatusChange.findMany({
      where: { platformId: f.platformId, transactionId: transactionId.replace("Transaction:", ""), eventType: { not: null } },
      orderBy: { sequence: "asc" },
    });
    return steps.map((s) => s.eventType);
  };
  /** Every event of the platform, in the order written. */
  const allEvents = async () =>
    (await t.db.webhookEvent.findMany({ where: { platformId: f.platformId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => ({ ...e, json: JSON.parse(e.body) }));

  return { ...f, customerId, umaAddress, accountId, receive, approve, reject, getTransaction, advance, balance, eventTypesFor, allEvents };
}
