import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { Fact } from "@/components/fact";
import { Money, type MoneyCurrency } from "@/components/money";
import { ExchangeRate, RateDetailsList } from "@/components/quote-summary";
import { StatusBadge } from "@/components/status-badge";
import { feesCurrencyOf } from "../_lib/fees-currency";

type Transaction = components["schemas"]["TransactionOneOf"];
type RailDetails = components["schemas"]["RailDetails"];

function railDetailsOf(side: Transaction["source"] | Transaction["destination"]): RailDetails | undefined {
  return side && "railDetails" in side ? side.railDetails : undefined;
}

function RailDetailsFacts({ label, details }: { label: string; details: RailDetails }) {
  return (
    <div className="space-y-2" data-testid="rail-details">
      <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</h3>
      <dl className="grid gap-3 md:grid-cols-3">
        <Fact label="Rail">{details.paymentRail}</Fact>
        <Fact label="Entry status" testId="rail-status">
          <StatusBadge tone={details.status === "COMPLETED" ? "success" : details.status.startsWith("RETURN") || details.status === "FAILED" ? "danger" : "info"}>{details.status}</StatusBadge>
        </Fact>
        {details.statementDescriptor && <Fact label="Statement descriptor">{details.statementDescriptor}</Fact>}
        {details.returnedAt && (
          <Fact label="Returned">
            <DateTimeSeconds value={details.returnedAt} />
          </Fact>
        )}
        {details.dishonoredAt && (
          <Fact label="Return dishonored">
            <DateTimeSeconds value={details.dishonoredAt} />
          </Fact>
        )}
        {details.contestedAt && (
          <Fact label="Dishonor contested">
            <DateTimeSeconds value={details.contestedAt} />
          </Fact>
        )}
      </dl>
    </div>
  );
}

/** How the payment was priced and carried: rate, every fee, rail details and the refund (the failure reason is in the summary above). */
export function PaymentDetails({ transaction: t }: { transaction: Transaction }) {
  const sending: MoneyCurrency | undefined = t.sentAmount?.currency;
  const receiving: MoneyCurrency | undefined = t.receivedAmount?.currency;
  const feeCurrency = feesCurrencyOf(t);
  const platformFees = t.type === "OUTGOING" ? t.platformFees : undefined;
  const rails = [
    ["Source rail details", railDetailsOf(t.source)],
    ["Destination rail details", railDetailsOf(t.destination)],
  ] as const;
  return (
    <Card title="Payment details" description="The rate and fees the payment was priced with, how it travelled, and any refund.">
      <div className="space-y-5">
        <dl className="grid gap-4 md:grid-cols-4">
          <Fact label="Exchange rate" testId="transaction-exchange-rate">
            {t.exchangeRate !== undefined && sending && receiving ? <ExchangeRate rate={t.exchangeRate} sending={sending.code} receiving={receiving.code} /> : "—"}
          </Fact>
          <Fact label="Fees" testId="transaction-fees">
            {t.fees !== undefined ? <Money amount={t.fees} currency={feeCurrency} /> : "—"}
          </Fact>
          <Fact label="of which platform fees" testId="transaction-platform-fees">
            {platformFees !== undefined ? <Money amount={platformFees} currency={feeCurrency} /> : "—"}
          </Fact>
          {t.pendingReason && <Fact label="Held for">{t.pendingReason}</Fact>}
          {t.description && <Fact label="Description">{t.description}</Fact>}
          {t.type === "OUTGOING" && t.expectedSettlementAt && (
            <Fact label="Expected settlement">
              <DateTimeSeconds value={t.expectedSettlementAt} />
            </Fact>
          )}
        </dl>
        {t.rateDetails && (
          <div>
            <h3 className="mb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase">Rate details</h3>
            <RateDetailsList details={t.rateDetails} feeCurrency={feeCurrency} receiving={receiving} />
          </div>
        )}
        {rails.map(([label, details]) => details && <RailDetailsFacts key={label} label={label} details={details} />)}
        {t.refund && (
          <div className="space-y-2" data-testid="refund-details">
            <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Refund</h3>
            <dl className="grid gap-3 md:grid-cols-4">
              <Fact label="Refund status" testId="refund-status">
                {t.refund.status}
              </Fact>
              <Fact label="Reason">{t.refund.reason ?? "—"}</Fact>
              <Fact label="Reference">
                <span className="font-mono text-xs">{t.refund.reference}</span>
              </Fact>
              <Fact label="Initiated">
                <DateTimeSeconds value={t.refund.initiatedAt} />
              </Fact>
              <Fact label="Refund settled">
                <DateTimeSeconds value={t.refund.settledAt} />
              </Fact>
            </dl>
          </div>
        )}
      </div>
    </Card>
  );
}
