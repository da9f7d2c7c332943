import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { PageHeader } from "@/components/page-header";
import { PaymentInstructionsList } from "@/components/payment-instructions";
import { describePaymentSide, isPullSource, type PaymentSideDescription } from "@/components/payment-side";
import { QuoteSummary } from "@/components/quote-summary";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { transactionHref } from "../../transactions/_lib/transaction-href";
import { resourceIdFromSegment } from "@/components/resource-id";
import { QuoteRunButton } from "../_components/quote-run-button";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Quote" };
export const dynamic = "force-dynamic";

function Side({ side, testId }: { side: PaymentSideDescription; testId: string }) {
  return (
    <span data-testid={testId}>
      <span className="block text-sm text-zinc-900">{side.kind}</span>
      {side.identifier && <code className="font-mono text-xs break-all text-zinc-600">{side.identifier}</code>}
    </span>
  );
}

const TONES: Record<string, BadgeTone> = { PENDING: "info", PENDING_AUTHORIZATION: "warning", PROCESSING: "warning", COMPLETED: "success", FAILED: "danger", EXPIRED: "neutral" };

/** One quote: its price, status and expiry, how it is paid, its transaction, and Execute while it holds. */
export default async function QuotePage({ params }: { params: Promise<{ quoteId: string }> }) {
  const { user } = await requireSession();
  const quoteId = resourceIdFromSegment((await params).quoteId, "Quote") ?? notFound();
  const client = await serviceClient();
  const { data: quote, error, response } = await client.GET("/quotes/{quoteId}", { params: { path: { quoteId } } });
  if (response.status === 404) notFound();
  if (!quote) return <Notice tone="error" title={error?.message ?? "The quote could not be loaded"} />;
  const now = (await client.GET("/sandbox/clock")).data?.now ?? new Date().toISOString();
  const isOpen = quote.status === "PENDING" && quote.expiresAt > now;
  const canExecute = isOpen && quote.source.sourceType === "ACCOUNT" && can(user, "TRANSACT");
  const isPull = isPullSource(quote.source);

  return (
    <>
      <Link href="/quotes" className="text-sm text-brand-700 hover:underline">
        ← Quotes
      </Link>
      <PageHeader title="Quote" description={<code className="font-mono text-xs">{quote.id}</code>} actions={<span data-testid="quote-status"><StatusBadge tone={TONES[quote.status] ?? "neutral"}>{quote.status}</StatusBadge></span>} />
      <div className="space-y-6">
        <Card title="Price">
          <QuoteSummary quote={quote} />
        </Card>
        <Card title="Route">
          <div className="space-y-4">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label="From"><Side side={describePaymentSide(quote.source, "source")} testId="quote-source" /></Fact>
              <Fact label="To"><Side side={describePaymentSide(quote.destination, "destination")} testId="quote-destination" /></Fact>
              {quote.statementDescriptor && <Fact label="Statement descriptor">{quote.statementDescriptor}</Fact>}
            </dl>
            {isPull && quote.status === "PENDING" && <p className="text-sm text-zinc-600">The money is pulled from this bank account when the quote is executed; no balance is needed.</p>}
          </div>
        </Card>
        <Card title="Lifecycle">
          <div className="space-y-4">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label="Created"><DateTime value={quote.createdAt} /></Fact>
              <Fact label={isOpen ? "Holds until" : "Held until"}><DateTime value={quote.expiresAt} /></Fact>
              <Fact label="Transaction"><Link className="font-mono text-xs text-brand-700 hover:underline" href={transactionHref(quote.transactionId)}>{quote.transactionId}</Link></Fact>
            </dl>
            {quote.status === "PENDING" && !isOpen && <Notice tone="warning" title="This quote has expired">Its rate and fees no longer hold; build a new one on the Quotes page.</Notice>}
            {quote.status === "PENDING_AUTHORIZATION" && <Notice tone="warning" title="Waiting for the customer's strong authentication">Answer its challenge with POST /quotes/{"{quoteId}"}/authorize.</Notice>}
            <div className="flex flex-wrap gap-2">
              {canExecute && <QuoteRunButton quoteId={quote.id} />}
              <Link href={transactionHref(quote.transactionId)} className={buttonClasses("secondary")}>
                Open transaction
              </Link>
            </div>
          </div>
        </Card>
        {quote.source.sourceType === "REALTIME_FUNDING" && (quote.paymentInstructions?.length ?? 0) > 0 && (
          <Card title="Payment instructions" description="The payer sends exactly the sending total, quoting the reference; the funds arriving run the quote.">
            <PaymentInstructionsList instructions={quote.paymentInstructions ?? []} />
          </Card>
        )}
      </div>
    </>
  );
}
