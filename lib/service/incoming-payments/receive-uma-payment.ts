import type { Db, Tx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { PlatformCurrencyConfig } from "../config/schemas";
import { hasRate, rateToDecimal } from "../exchange-rates/rate-table";
import { createTransaction, type CreateTransactionInput } from "../transactions/create-transaction";
import type { Transaction } from "../transactions/schemas";
import { lockLiveParties } from "../transfers/lock-live-parties";
import { resolveSandboxCounterparty, type SandboxCounterparty } from "../uma/sandbox-counterparties";
import { applyApprovalAnswer } from "./apply-approval-answer";
import { sendApprovalRequest, writeApprovalRequest, type PreparedApprovalRequest } from "./approval-request";
import { incomingAmounts } from "./incoming-amounts";
import { UMA_RECEIVE } from "./is-awaiting-approval";
import { requestedReceiverFields } from "./receiver-info-fields";
import { resolveReceiver, type Receiver } from "./resolve-receiver";
import type { ReceiverInfoField, SandboxUmaReceiveRequest } from "./schemas";
import { sandboxSenderInformation } from "./sandbox-sender-information";

type Started = { kind: "DONE"; transaction: Transaction } | { kind: "ASK"; transactionId: string; customerId: string; request: PreparedApprovalRequest; requested: ReceiverInfoField[] };

/**
 * POST /sandbox/uma/receive: a sandbox counterparty pays one of the platform's customers
 * (BEHAVIORS.md §3.3, §3.7, §4.6, §4.8). The INCOMING transaction is written PENDING and committed;
 * then the signed INCOMING_PAYMENT.PENDING approval request goes to the platform's webhook endpoint
 * (once, outside any database transaction) and its answer is applied in a second transaction.
 * `$fail.compliance.usd@…` fails with COMPLIANCE_REJECTED and `$pending.long.usd@…` stays PENDING
 * under COMPLIANCE_REVIEW, both without asking the platform. A customer with a default UMA deposit
 * account in the receiving currency has it as the destination: approved funds are paid on there
 * (§1.4, payOutToDepositAccount). Returns the transaction as it stands.
 * Throws: INVALID_UMA_ADDRESS, USER_NOT_FOUND, UMA_NOT_FOUND (sender or receiver), INVALID_INPUT,
 * INVALID_CURRENCY (also a currency the platform does not enable for INCOMING), AMOUNT_OUT_OF_RANGE,
 * CUSTOMER_DELETED, CONFLICT (account cannot receive).
 */
export async function receiveUmaPayment(db: Db, input: { platformId: string; request: SandboxUmaReceiveRequest }): Promise<Transaction> {
  const { platformId, request } = input;
  const sender = resolveSandboxCounterparty(request.senderUmaAddress);
  const started = await db.$transaction(async (tx): Promise<Started> => {
    const receiver = await resolveReceiver(tx, { platformId, receiverUmaAddress: request.receiverUmaAddress, customerId: request.customerId, currency: request.receivingCurrencyCode });
    // A racing DELETE /customers runs wholly before (410) or after: it then fails this payment if still awaiting approval.
    await lockLiveParties(tx, platformId, { customerIds: [receiver.customer.id] });
    await assertPlatformReceives(tx, platformId, request.receivingCurrencyCode, request.receivingCurrencyAmount);
    if (!hasRate(sender.currency) || !hasRate(request.receivingCurrencyCode))
      throw new ServiceError("INVALID_CURRENCY", `No sandbox rate from ${sender.currency} to ${request.receivingCurrencyCode}`);
    const columns = incomingColumns(platformId, sender, receiver, BigInt(request.receivingCurrencyAmount));

    if (sender.behavior === "FAIL_COMPLIANCE") {
      const failed = await createTransaction(tx, { ...columns, status: "FAILED", failureReason: "COMPLIANCE_REJECTED", note: `Sandbox: ${sender.address} fails the compliance check` });
      return { kind: "DONE", transaction: failed.transaction };
    }
    if (sender.behavior === "PENDING_LONG") {
      const held = await createTransaction(tx, { ...columns, status: "PENDING", pendingReason: "COMPLIANCE_REVIEW", eventType: null, note: `Sandbox: ${sender.address} stays in compliance review` });
      return { kind: "DONE", transaction: held.transaction };
    }
    const requested = requestedReceiverFields(receiver.customer);
    const created = await createTransaction(tx, { ...columns, status: "PENDING", eventType: null, note: "Approval request sent to the platform" });
    return { kind: "ASK", transactionId: created.row.id, customerId: receiver.customer.id, request: await writeApprovalRequest(tx, created.row, created.transaction, requested), requested };
  });
  if (started.kind === "DONE") return started.transaction;

  const answer = await sendApprovalRequest(db, started.request);
  return applyApprovalAnswer(db, { platformId, transactionId: started.transactionId, customerId: started.customerId, answer, requested: started.requested });
}

/**
 * The platform's own terms for receiving the currency, when it configured it (PATCH /config
 * `supportedCurrencies[]`, SPEC.md "Limits"), as quotes and transfer-out apply them to money going
 * out (quotes/currency-limits.ts). A currency the platform has not configured has none.
 * Throws: INVALID_CURRENCY when INCOMING is not among its `enabledTransactionTypes`;
 * AMOUNT_OUT_OF_RANGE outside `minAmount`…`maxAmount`.
 */
async function assertPlatformReceives(tx: Tx, platformId: string, currency: string, amount: number): Promise<void> {
  const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { supportedCurrencies: true } });
  const configured = Array.isArray(platform.supportedCurrencies) ? (platform.supportedCurrencies as PlatformCurrencyConfig[]) : [];
  const config = configured.find((c) => c.currencyCode === currency);
  if (!config) return;
  if (!config.enabledTransactionTypes.includes("INCOMING"))
    throw new ServiceError(
      "INVALID_CURRENCY",
      `The platform does not receive ${currency}: its configuration enables ${currency} for ${config.enabledTransactionTypes.join(", ") || "no"} transactions only; add INCOMING to supportedCurrencies[].enabledTransactionTypes with PATCH /config`,
      { details: { currency, enabledTransactionTypes: config.enabledTransactionTypes } },
    );
  if (amount < config.minAmount || amount > config.maxAmount)
    throw new ServiceError("AMOUNT_OUT_OF_RANGE", `receivingCurrencyAmount must be between ${config.minAmount} and ${config.maxAmount} ${currency} (smallest unit), per the platform's configuration`, {
      details: { min: config.minAmount, max: config.maxAmount, currency },
    });
}

function incomingColumns(platformId: string, sender: SandboxCounterparty, receiver: Receiver, receivedAmount: bigint) {
  const { customer, account, depositAccount } = receiver;
  const amounts = incomingAmounts(sender.currency, account.currency, receivedAmount);
  const accountId = formatId("InternalAccount", account.id);
  // The destination shows where the funds land; the internal account stays the ledger's way through.
  const depositAccountId = depositAccount && formatId("ExternalAccount", depositAccount.id);
  const rate = amounts.exchangeRateScaled;
  return {
    platformId,
    type: "INCOMING",
    origin: UMA_RECEIVE,
    customerId: customer.id,
    platformCustomerId: customer.platformCustomerId,
    destinationAccountId: account.id,
    source: { sourceType: "UMA_ADDRESS", umaAddress: sender.address, currency: sender.currency },
    destination: { destinationType: "ACCOUNT", accountId: depositAccountId ?? accountId, currency: account.currency },
    senderIdentifiers: [sender.address],
    receiverIdentifiers: [accountId, ...(depositAccountId ? [depositAccountId] : []), customer.umaAddress.toLowerCase()],
    sentAmount: amounts.sentAmount,
    sentCurrency: sender.currency,
    receivedAmount,
    receivedCurrency: account.currency,
    fees: amounts.fees,
    exchangeRate: rateToDecimal(rate),
    rateDetails: amounts.rateDetails,
    counterpartyInformation: sandboxSenderInformation(sender),
    description: `UMA payment from ${sender.address}`,
  } satisfies Omit<CreateTransactionInput, "status">;
}
