import type { ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { DateTimeSeconds } from "./date-time-seconds";
import { Fact } from "./fact";
import { formatDecimal } from "./format-decimal";
import { Money, type MoneyCurrency } from "./money";

type Quote = components["schemas"]["Quote"];
type RateDetails = components["schemas"]["OutgoingRateDetails"];

/** A fraction as a percentage without float noise or exponents: 0.003 → "0.3%", 1e-9 → "0.0000001%". */
export function formatFraction(rate: number): string {
  return `${formatDecimal(Number((rate * 100).toPrecision(10)))}%`;
}

/** `exchangeRate` is sending-currency units per one receiving-currency unit (BEHAVIORS.md §2.2), written out in full however small. */
export function ExchangeRate({ rate, sending, receiving }: { rate: number; sending: string; receiving: string }) {
  return (
    <span className="tabular-nums" data-testid="exchange-rate">
      1 {receiving} = {formatDecimal(rate, { grouping: true })} {sending}
    </span>
  );
}

/**
 * Every fee component of `rateDetails`, in the currency each is counted in (BEHAVIORS.md §2.3): the
 * service's fees in `feeCurrency` (the sending currency of a quote or payout, the receiving one of
 * an incoming payment, §3.6), the counterparty's fixed fee in the receiving currency.
 */
export function RateDetailsList({ details, feeCurrency, receiving }: { details: Record<string, unknown>; feeCurrency: MoneyCurrency; receiving?: MoneyCurrency }) {
  const num = (key: keyof RateDetails): number | undefined => (typeof details[key] === "number" ? (details[key] as number) : undefined);
  const [fixed, rate, variable, serviceMultiplier, counterpartyFee, counterpartyMultiplier] = [
    num("serviceApiFixedFee"),
    num("serviceApiVariableFeeRate"),
    num("serviceApiVariableFeeAmount"),
    num("serviceApiMultiplier"),
    num("counterpartyFixedFee"),
    num("counterpartyMultiplier"),
  ];
  const rows: [string, ReactNode][] = [];
  if (fixed !== undefined) rows.push(["Service fixed fee", <Money key="f" amount={fixed} currency={feeCurrency} />]);
  if (rate !== undefined) rows.push(["Service variable fee rate", formatFraction(rate)]);
  if (variable !== undefined) rows.push(["Service variable fee", <Money key="v" amount={variable} currency={feeCurrency} />]);
  if (serviceMultiplier !== undefined) rows.push(["Service multiplier (sending → settlement)", formatDecimal(serviceMultiplier, { grouping: true })]);
  if (counterpartyFee !== undefined && receiving) rows.push(["Counterparty fixed fee", <Money key="c" amount={counterpartyFee} currency={receiving} />]);
  if (counterpartyMultiplier !== undefined) rows.push(["Counterparty multiplier (settlement → receiving)", formatDecimal(counterpartyMultiplier, { grouping: true })]);
  if (rows.length === 0) return <p className="text-sm text-zinc-500">No rate details.</p>;
  return (
    <dl className="divide-y divide-zinc-100 text-sm" aria-label="Rate details" data-testid="rate-details">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-1.5">
          <dt className="text-zinc-600">{label}</dt>
          <dd className="text-right text-zinc-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A quote's price: both totals, the rate, every fee and when it lapses; rate details unless shown elsewhere. */
export function QuoteSummary({ quote: q, isShowingRateDetails = true }: { quote: Quote; isShowingRateDetails?: boolean }) {
  const otherFees = q.feesIncluded - q.platformFeesIncluded;
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 md:grid-cols-3">
        <Fact label="You send (fees included)" testId="quote-sending-total">
          <Money amount={q.totalSendingAmount} currency={q.sendingCurrency} className="text-base font-semibold" />
        </Fact>
        <Fact label="Recipient gets" testId="quote-receiving-total">
          <Money amount={q.totalReceivingAmount} currency={q.receivingCurrency} className="text-base font-semibold" />
        </Fact>
        <Fact label="Exchange rate">
          <ExchangeRate rate={q.exchangeRate} sending={q.sendingCurrency.code} receiving={q.receivingCurrency.code} />
        </Fact>
        <Fact label="Fees included" testId="quote-fees">
          <Money amount={q.feesIncluded} currency={q.sendingCurrency} />
        </Fact>
        <Fact label="of which platform fees" testId="quote-platform-fees">
          <Money amount={q.platformFeesIncluded} currency={q.sendingCurrency} />
        </Fact>
        <Fact label="of which service & counterparty fees" testId="quote-service-fees">
          <Money amount={otherFees} currency={q.sendingCurrency} />
        </Fact>
        <Fact label="Locked">
          {q.lockedCurrencySide && q.lockedCurrencyAmount !== undefined ? (
            <>
              {q.lockedCurrencySide === "SENDING" ? "Sending" : "Receiving"} amount ·{" "}
              <Money amount={q.lockedCurrencyAmount} currency={q.lockedCurrencySide === "SENDING" ? q.sendingCurrency : q.receivingCurrency} />
            </>
          ) : (
            "—"
          )}
        </Fact>
        <Fact label="Created">
          <DateTimeSeconds value={q.createdAt} />
        </Fact>
        <Fact label="Expires">
          <DateTimeSeconds value={q.expiresAt} />
        </Fact>
      </dl>
      {isShowingRateDetails && (
        <div>
          <h3 className="mb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase">Rate details</h3>
          <RateDetailsList details={q.rateDetails} feeCurrency={q.sendingCurrency} receiving={q.receivingCurrency} />
        </div>
      )}
    </div>
  );
}
