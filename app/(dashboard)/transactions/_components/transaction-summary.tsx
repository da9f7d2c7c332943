import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { Money } from "@/components/money";
import { describePaymentSide, type PaymentSideLike } from "@/components/payment-side";
import { explainRefund } from "../_lib/failure-reasons";
import { feesCurrencyOf } from "../_lib/fees-currency";
import { CopyIconButton } from "@/components/copy-button";
import { FailureExplanation } from "./failure-explanation";
import { TransactionStatusBadge } from "./transaction-status-badge";

type Transaction = components["schemas"]["TransactionOneOf"];
type CurrencyAmount = components["schemas"]["CurrencyAmount"];
type Side = Transaction["destination"] | Transaction["source"];

/** The customer a transaction belongs to, named when their record could be loaded. */
export interface TransactionCustomer {
  id: string;
  platformCustomerId?: string;
  /** Full or legal name; absent when the customer could not be loaded. */
  name?: string;
}

const LINK = "font-medium text-brand-700 hover:underline";

function Amount({ value, testId }: { value: CurrencyAmount | undefined; testId: string }) {
  return value ? <Money amount={value.amount} currency={value.currency} testId={testId} /> : <span className="text-zinc-400">—</span>;
}

/** An id in full (it wraps), with a copy button. */
function FullId({ id, label }: { id: string; label: string }) {
  return (
    <span className="flex items-start gap-1">
      <code className="min-w-0 font-mono text-xs break-all">{id}</code>
      <CopyIconButton value={id} label={label} />
    </span>
  );
}

/** Who the payment belongs to, linking to their page; the platform's own accounts when no customer takes part. */
function CustomerText({ customer }: { customer: TransactionCustomer | undefined }) {
  if (!customer) return <span className="text-zinc-500">None: the platform&apos;s own accounts</span>;
  const href = `/customers/${encodeURIComponent(customer.id)}`;
  // "Your customer ID" defaults to the service's id: then it is shown once, below, with its copy button.
  const ownId = customer.platformCustomerId && customer.platformCustomerId !== customer.id ? customer.platformCustomerId : undefined;
  return (
    <span className="block" data-testid="transaction-customer">
      <Link href={href} className={`${LINK} break-words`}>
        {customer.name ?? ownId ?? "Open customer"}
      </Link>
      {customer.name && ownId && <span className="block text-xs break-all text-zinc-500" data-testid="transaction-platform-customer-id">{ownId}</span>}
      <FullId id={customer.id} label="customer id" />
    </span>
  );
}

/** What the side is (internal account, bank account pulled from, UMA address…) above its id and currency; accounts link where they have a page. */
function SideText({ side, role, customerId }: { side: Side; role: "source" | "destination"; customerId: string | undefined }) {
  if (!side) return <span className="text-zinc-400">—</span>;
  const fields = side as unknown as PaymentSideLike;
  const { kind, identifier } = describePaymentSide(fields, role);
  const currency = fields.currency && identifier !== fields.currency ? ` (${fields.currency})` : "";
  const isInternal = identifier?.startsWith("InternalAccount:") ?? false;
  const isExternal = identifier?.startsWith("ExternalAccount:") ?? false;
  return (
    <span data-testid={`transaction-${role}`} className="block">
      {isInternal && identifier ? (
        <Link href={`/accounts/${encodeURIComponent(identifier)}`} className={`${LINK} block text-sm`}>
          {kind}
          {currency}
        </Link>
      ) : (
        <span className="block text-sm text-zinc-900">
          {kind}
          {currency}
        </span>
      )}
      {identifier && identifier !== fields.currency ? <FullId id={identifier} label={`${role} account id`} /> : <code className="font-mono text-xs">{identifier ?? "—"}</code>}
      {/* External accounts have no page of their own; the customer's list shows their bank details. */}
      {isExternal && customerId && (
        <Link href={`/accounts/external?customerId=${encodeURIComponent(customerId)}`} className={`${LINK} text-xs`}>
          Customer&apos;s external accounts
        </Link>
      )}
    </span>
  );
}

/** The refund's codes as the API sent them, with what they mean. */
function RefundText({ refund }: { refund: NonNullable<Transaction["refund"]> }) {
  return (
    <span className="block">
      <span className="font-mono text-xs">
        {refund.status}
        {refund.reason ? ` · ${refund.reason}` : ""} · {refund.reference}
      </span>
      <span className={`block text-xs ${refund.status === "FAILED" ? "text-red-700" : "text-zinc-500"}`}>{explainRefund(refund).summary}</span>
    </span>
  );
}

/** The transaction's facts: who it belongs to, amounts, both sides, rail, reference, and why it failed or was refunded. */
export function TransactionSummary({ transaction: t, customer }: { transaction: Transaction; customer?: TransactionCustomer }) {
  const rail = t.type === "OUTGOING" ? t.paymentRail : undefined;
  return (
    <Card>
      <FailureExplanation transaction={t} />
      <dl className="grid gap-4 md:grid-cols-4">
        <Fact label="Status" testId="transaction-status">
          <TransactionStatusBadge status={t.status} />
        </Fact>
        <Fact label="Sent">
          <Amount value={t.sentAmount} testId="sent-amount" />
        </Fact>
        <Fact label="Received">
          <Amount value={t.receivedAmount} testId="received-amount" />
        </Fact>
        <Fact label="Fees">
          <Amount value={{ amount: t.fees ?? 0, currency: feesCurrencyOf(t) }} testId="fees" />
        </Fact>
        <Fact label="Customer">
          <CustomerText customer={customer} />
        </Fact>
        <Fact label="Source">
          <SideText side={t.source} role="source" customerId={t.customerId} />
        </Fact>
        <Fact label="Destination">
          <SideText side={t.destination} role="destination" customerId={t.customerId} />
        </Fact>
        <Fact label="Rail" testId="transaction-rail">
          {rail ?? "—"}
        </Fact>
        <Fact label="Reference" testId="transaction-reference">
          <span className="font-mono text-xs break-all">{t.reconciliationInstructions?.reference ?? "—"}</span>
        </Fact>
        <Fact label="Created">
          <DateTime value={t.createdAt} />
        </Fact>
        <Fact label="Settled">
          <DateTime value={t.settledAt} />
        </Fact>
        <Fact label="Failure reason" testId="transaction-failure-reason">
          {t.failureReason ? <span className="font-mono text-xs">{t.failureReason}</span> : "—"}
        </Fact>
        <Fact label="Refund" testId="transaction-refund">
          {t.refund ? <RefundText refund={t.refund} /> : "—"}
        </Fact>
      </dl>
    </Card>
  );
}
