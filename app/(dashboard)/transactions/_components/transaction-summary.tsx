import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { Money } from "@/components/money";
import { describePaymentSide, type PaymentSideLike } from "@/components/payment-side";
import { TransactionStatusBadge } from "./transaction-status-badge";

type Transaction = components["schemas"]["TransactionOneOf"];
type CurrencyAmount = components["schemas"]["CurrencyAmount"];
type Side = Transaction["destination"] | Transaction["source"];

function Amount({ value, testId }: { value: CurrencyAmount | undefined; testId: string }) {
  return value ? <Money amount={value.amount} currency={value.currency} testId={testId} /> : <span className="text-zinc-400">—</span>;
}

/** What the side is (internal account, bank account pulled from, UMA address…) above its id and currency. */
function SideText({ side, role }: { side: Side; role: "source" | "destination" }) {
  if (!side) return <span className="text-zinc-400">—</span>;
  const fields = side as unknown as PaymentSideLike;
  const { kind, identifier } = describePaymentSide(fields, role);
  const currency = fields.currency && identifier !== fields.currency ? ` (${fields.currency})` : "";
  return (
    <span data-testid={`transaction-${role}`}>
      <span className="block text-sm text-zinc-900">{kind}</span>
      <code className="font-mono text-xs break-all">
        {identifier ?? "—"}
        {currency}
      </code>
    </span>
  );
}

/** The transaction's facts: amounts, both sides, rail, reference, and why it failed or was refunded. */
export function TransactionSummary({ transaction: t }: { transaction: Transaction }) {
  const rail = t.type === "OUTGOING" ? t.paymentRail : undefined;
  return (
    <Card>
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
          <Amount value={t.sentAmount && { amount: t.fees ?? 0, currency: t.sentAmount.currency }} testId="fees" />
        </Fact>
        <Fact label="Source">
          <SideText side={t.source} role="source" />
        </Fact>
        <Fact label="Destination">
          <SideText side={t.destination} role="destination" />
        </Fact>
        <Fact label="Rail" testId="transaction-rail">
          {rail ?? "—"}
        </Fact>
        <Fact label="Reference" testId="transaction-reference">
          <span className="font-mono text-xs">{t.reconciliationInstructions?.reference ?? "—"}</span>
        </Fact>
        <Fact label="Created">
          <DateTime value={t.createdAt} />
        </Fact>
        <Fact label="Settled">
          <DateTime value={t.settledAt} />
        </Fact>
        <Fact label="Failure reason" testId="transaction-failure-reason">
          {t.failureReason ?? "—"}
        </Fact>
        <Fact label="Refund" testId="transaction-refund">
          {t.refund ? `${t.refund.status}${t.refund.reason ? ` · ${t.refund.reason}` : ""} · ${t.refund.reference}` : "—"}
        </Fact>
      </dl>
    </Card>
  );
}
