import { generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_ACTION_PENDING_APPROVAL } from "../agents/record-agent-action";
import { CARD_EVENTS } from "../cards/card-events";
import { CARD_TRANSACTION_STATUSES } from "../cards/schemas";
import { EXTERNAL_ACCOUNT_STATUS_UPDATED } from "../external-accounts/set-external-account-status";
import { APPROVAL_REQUEST_EVENT } from "../incoming-payments/approval-request";
import { incomingFixture, startPlatformEndpoint } from "../incoming-payments/incoming-fixtures";
import { INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { runDueJobs } from "../jobs/run-jobs";
import { TEST_EVENT } from "../jobs/enqueue-event";
import { operationEventType } from "../stablecoins/operation-status";
import { OPERATION_STATUSES } from "../stablecoins/schemas";
import { webhookProblems } from "../testing/answer-contract";
import { createTestApp, type Credentials, type TestApp } from "../testing/test-app";
import { refundEventType, statusEventType } from "../transactions/transaction-event-type";
import { TRANSACTION_STATUSES } from "../transactions/schemas";
import { accountNumberEndingIn, plainAccountNumber } from "../transfers/transfer-fixtures";
import { completeIndividual, onboarding, useTemporaryDocumentStore } from "../verifications/onboarding-fixtures";
import { VERIFICATION_STATUSES } from "../verifications/schemas";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { NODE_VERIFIER, WEBCRYPTO_VERIFIER } from "./signature-docs";

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

interface WebhookDocument {
  webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: { $ref: string } } } } } }>;
  components: { schemas: Record<string, { properties?: { type?: { enum?: string[] } } }> };
}

/** Every event type the served document's `webhooks` name, by the payload schemas' `type` enums. */
async function documentedTypes(): Promise<string[]> {
  const doc = (await t.call("GET", "/openapi.json")).json as WebhookDocument;
  return Object.values(doc.webhooks).flatMap((w) => doc.components.schemas[w.post.requestBody.content["application/json"].schema.$ref.split("/").pop()!]?.properties?.type?.enum ?? []);
}

/** What each emitter can write, from the emitters' own functions and status lists. */
function emittableTypes(): string[] {
  const payments = (["INCOMING", "OUTGOING"] as const).flatMap((type) => [
    ...TRANSACTION_STATUSES.map((status) => statusEventType(type, status)),
    ...(["PENDING", "COMPLETED", "FAILED"] as const).map((refund) => refundEventType(type, refund)),
  ]);
  return [
    ...payments.filter((type): type is string => type !== null),
    APPROVAL_REQUEST_EVENT,
    // recordVerificationOutcome: CUSTOMER.<KYC|KYB>_<the kycStatus a verification leads to>, VERIFICATION.<its status>.
    ...["KYC", "KYB"].flatMap((prefix) => ["PENDING", "APPROVED", "REJECTED"].map((status) => `CUSTOMER.${prefix}_${status}`)),
    ...VERIFICATION_STATUSES.map((status) => `VERIFICATION.${status}`),
    ...Object.values(INTERNAL_ACCOUNT_EVENTS),
    EXTERNAL_ACCOUNT_STATUS_UPDATED,
    ...Object.values(CARD_EVENTS),
    ...CARD_TRANSACTION_STATUSES.map((status) => `CARD_TRANSACTION.${status}`),
    // An operation is created PENDING_FUNDING or PENDING_PROVIDER: no step ever sets CREATED.
    ...OPERATION_STATUSES.filter((status) => status !== "CREATED").map(operationEventType),
    "BULK_UPLOAD.COMPLETED",
    "BULK_UPLOAD.FAILED",
    "INVITATION.CLAIMED",
    AGENT_ACTION_PENDING_APPROVAL,
    TEST_EVENT,
  ];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("the OpenAPI document's webhooks", () => {
  it("name every event type the service can send, and none it cannot", async () => {
    expect([...new Set(await documentedTypes())].sort()).toEqual([...new Set(emittableTypes())].sort());
  });

  it("name every event type lib/service writes or mentions: literals such as \"INVITATION.CLAIMED\" and families such as `CARD_TRANSACTION.${status}`", async () => {
    const documented = new Set(await documentedTypes());
    const families = new Set([...documented].map((type) => type.split(".")[0]));
    const unknown: string[] = [];
    for (const file of sourceFiles(path.join(process.cwd(), "lib/service"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, type] of text.matchAll(/["'`]([A-Z][A-Z_]*\.[A-Z][A-Z_]*)["'`]/g)) if (!documented.has(type!)) unknown.push(`${path.relative(process.cwd(), file)}: ${type}`);
      for (const [, family] of text.matchAll(/`([A-Z][A-Z_]*)\.\$\{/g)) if (!families.has(family!)) unknown.push(`${path.relative(process.cwd(), file)}: ${family}.*`);
    }
    expect(unknown).toEqual([]);
  });

  it("say when retries stop as the schedule has it: 160 attempts or 7 days, whichever comes first, about 3.2 days (BEHAVIORS.md 10.21)", async () => {
    const doc = (await t.call("GET", "/openapi.json")).json;
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/up to 7 days/);
    const limit = "160 attempts or 7 days, whichever comes first (about 3.2 days after the first attempt with this schedule)";
    expect(doc.paths["/webhooks/events"].get.description).toContain(`FAILED (given up after ${limit};`);
    expect(text.split(limit).length - 1).toBeGreaterThan(2); // also every webhook's answers
    expect(text.split("Retries (for about 3.2 days, up to 160 attempts)").length - 1).toBeGreaterThanOrEqual(1);
  });
});

describe("the documented verifiers", () => {
  it("verify every shape a DER signature takes (r or s with a leading zero byte, or shorter than 32 bytes) and no raw r‖s one", async () => {
    const { node, webCrypto } = await loadDocumentedVerifiers();
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const lengths = new Set<number>();
    // 70 bytes: both 32 bytes; 71, 72: one or both padded with 0x00; under 70: one shorter than 32 bytes (1 in 128 signatures).
    for (let i = 0; i < 5_000 && !(lengths.has(72) && [...lengths].some((l) => l < 70)); i++) {
      const body = Buffer.from(`{"id":"Webhook:${i}","type":"TEST"}`);
      const der = sign("sha256", body, privateKey);
      lengths.add(der.length);
      expect(node(body, der.toString("base64"), pem)).toBe(true);
      expect(await webCrypto(new Uint8Array(body), der.toString("base64"), pem)).toBe(true);
      const raw = sign("sha256", body, { key: privateKey, dsaEncoding: "ieee-p1363" }).toString("base64");
      expect(await webCrypto(new Uint8Array(body), raw, pem)).toBe(false);
    }
    expect(lengths.has(72) && [...lengths].some((l) => l < 70)).toBe(true);
  });
});

describe("real deliveries", () => {
  type Delivery = { type: string; body: string; signature: string | undefined; publicKey: string };
  const deliveries: Delivery[] = [];
  const closers: (() => Promise<void>)[] = [];
  let verifiers: { node: Verify; webCrypto: Verify };

  beforeAll(async () => {
    verifiers = await loadDocumentedVerifiers();

    // A regulated platform (customers APPROVED at once): payments in and out, and a card.
    const receiver = await startPlatformEndpoint(() => ({ status: 200 }));
    closers.push(receiver.close);
    const f = await incomingFixture(t, { endpoint: receiver.url });
    expect((await t.call("POST", "/webhooks/test", { auth: f.auth })).status).toBe(200);
    expect((await f.fund(f.accountId, 100_000)).status).toBe(200);
    expect((await f.receive()).json.status).toBe("COMPLETED");
    const externalAccount = async (accountNumber: string) => {
      const body = { currency: "USD", customerId: f.customerId, accountInfo: { ...EXAMPLES.USD_ACCOUNT!.accountInfo, accountNumber } };
      const res = await t.call("POST", "/customers/external-accounts", { auth: f.auth, body });
      expect(res.status).toBe(201);
      return res.json.id as string;
    };
    const transfer = { source: { accountId: f.accountId }, destination: { accountId: await externalAccount(plainAccountNumber()) }, amount: 1_000 };
    expect((await t.call("POST", "/transfer-out", { auth: f.auth, body: transfer })).json.status).toBe("COMPLETED");
    // Suffix 002: the payout fails and its refund runs.
    const quote = {
      source: { sourceType: "ACCOUNT", accountId: f.accountId },
      destination: { destinationType: "ACCOUNT", accountId: await externalAccount(accountNumberEndingIn("002")) },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    };
    expect((await t.call("POST", "/quotes", { auth: f.auth, body: quote })).status).toBe(200);
    const card = await t.call("POST", "/cards", { auth: f.auth, body: { cardholderId: f.customerId, form: "VIRTUAL", fundingSources: [await cardFundingAccount(f)], platformCardId: `pc-${Date.now()}-777` } });
    expect(card.status).toBe(201);
    const authorization = { amount: 1_250, currency: { code: "USD" }, merchant: { descriptor: "COFFEE SHOP X99", mcc: "5814", country: "US" } };
    expect((await t.call("POST", `/sandbox/cards/${card.json.id}/simulate/authorization`, { auth: f.auth, body: authorization })).status).toBe(202);
    expect((await f.advance(60)).status).toBe(200); // the refund completes a moment later
    await runDueJobs(t.db, { platformId: f.platformId });
    await collect(receiver.received, f.auth);

    // An unregulated platform: a customer verified with the sandbox KYC.
    const onboardingReceiver = await startPlatformEndpoint();
    closers.push(onboardingReceiver.close);
    const p = await t.createTestPlatform();
    await t.db.platform.update({ where: { id: p.platform.id }, data: { webhookEndpoint: onboardingReceiver.url } });
    const o = onboarding(t, p.auth);
    const customer = await o.createCustomer(completeIndividual("Ada Lovelace"));
    expect((await o.passport(customer.id)).status).toBe(201);
    expect((await o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
    await runDueJobs(t.db, { platformId: p.platform.id });
    await collect(onboardingReceiver.received, p.auth);
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  async function collect(received: { type: string; body: string; signature: string | undefined }[], auth: Credentials) {
    const publicKey = (await t.call("GET", "/config", { auth })).json.webhookPublicKey as string;
    deliveries.push(...received.map((r) => ({ ...r, publicKey })));
  }

  /** A USD account of an approved customer whose id the sandbox issuer accepts as a funding source (not ending 002/003). */
  async function cardFundingAccount(f: Awaited<ReturnType<typeof incomingFixture>>): Promise<string> {
    let accountId = f.accountId;
    while (/00[23]$/.test(accountId)) accountId = (await f.activeAccount("USD")).accountId;
    if (accountId !== f.accountId) expect((await f.fund(accountId, 100_000)).status).toBe(200);
    return accountId;
  }

  it("cover the event families a platform meets first", () => {
    expect([...new Set(deliveries.map((d) => d.type))]).toEqual(
      expect.arrayContaining([
        "TEST",
        "INTERNAL_ACCOUNT.BALANCE_UPDATED",
        "INTERNAL_ACCOUNT.STATUS_UPDATED",
        "INCOMING_PAYMENT.PENDING",
        "INCOMING_PAYMENT.COMPLETED",
        "OUTGOING_PAYMENT.PENDING",
        "OUTGOING_PAYMENT.PROCESSING",
        "OUTGOING_PAYMENT.COMPLETED",
        "OUTGOING_PAYMENT.FAILED",
        "OUTGOING_PAYMENT.REFUND_PENDING",
        "OUTGOING_PAYMENT.REFUND_COMPLETED",
        "CARD.STATE_CHANGE",
        "CARD_TRANSACTION.AUTHORIZED",
        "CUSTOMER.KYC_APPROVED",
        "VERIFICATION.APPROVED",
      ]),
    );
  });

  it("each match the payload schema the document gives their type", () => {
    const problems = deliveries.flatMap((d) => webhookProblems(JSON.parse(d.body)));
    expect(problems).toEqual([]);
  });

  it("each verify with the document's node:crypto and WebCrypto verifiers and the key GET /config gives", async () => {
    for (const { type, body, signature, publicKey } of deliveries) {
      const header = signature!;
      // The documented encoding: base64 of an ASN.1 DER SEQUENCE of two INTEGERs, at most 72 bytes for P-256.
      const der = Buffer.from(header, "base64");
      expect([der[0], der[1], der[2]], type).toEqual([0x30, der.length - 2, 0x02]);
      expect(der.length, type).toBeLessThanOrEqual(72);
      const raw = Buffer.from(body, "utf8");
      expect(await verifiers.node(raw, header, publicKey), `${type}: node:crypto`).toBe(true);
      expect(await verifiers.webCrypto(new Uint8Array(raw), header, publicKey), `${type}: WebCrypto`).toBe(true);
      const changed = Buffer.from(body.replace(/"timestamp":"/, '"timestamp":" '), "utf8");
      expect(await verifiers.node(changed, header, publicKey), `${type}: node:crypto, changed body`).toBe(false);
      expect(await verifiers.webCrypto(new Uint8Array(changed), header, publicKey), `${type}: WebCrypto, changed body`).toBe(false);
    }
  });
});

type Verify = (rawBody: Uint8Array, header: string, publicKeyPem: string) => boolean | Promise<boolean>;

/** The verifiers exactly as the document prints them, run as the ES modules they are. */
async function loadDocumentedVerifiers(): Promise<{ node: Verify; webCrypto: Verify }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-verifiers-"));
  const load = async (name: string, source: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, source);
    return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook;
  };
  try {
    return { node: await load("node-verifier.mjs", NODE_VERIFIER), webCrypto: await load("webcrypto-verifier.mjs", WEBCRYPTO_VERIFIER) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
