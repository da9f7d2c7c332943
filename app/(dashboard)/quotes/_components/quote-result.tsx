"use client";

import Link from "next/link";
import { useEffect, useRef, useState, useTransition } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { ExpiryCountdown, useSecondsLeft } from "@/components/expiry-countdown";
import { PaymentInstructionsList } from "@/components/payment-instructions";
import { isPullSource } from "@/components/payment-side";
import { QuoteSummary } from "@/components/quote-summary";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { transactionHref } from "../../transactions/_lib/transaction-href";
import { executeQuoteAction, sandboxSendAction } from "../actions";
import { PULL_HINT } from "./quote-source-fields";

type Quote = components["schemas"]["Quote"];

function describeRunError(error: ActionError): string {
  switch (error.code) {
    case "QUOTE_EXPIRED":
      return "This quote has expired. Refresh it for a new rate.";
    case "CONFLICT":
      return `This quote was already executed. ${error.message}`;
    case "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED":
      return `The bank account must be verified before money is pulled from it. ${error.message}`;
    case "INSUFFICIENT_BALANCE":
      return "Insufficient balance: the source account's available balance does not cover the sending total. Nothing was sent.";
    case "FORBIDDEN":
      return "Your role cannot execute quotes, or this is not a sandbox platform.";
    default:
      return describeActionError(error);
  }
}

export interface QuoteResultProps {
  quote: Quote;
  canTransact: boolean;
  isSandbox: boolean;
  onRefresh: () => void;
  isRefreshing: boolean;
}

/** Statuses of a quote that has run (executed, funded, or executed at once by the builder). */
const RAN = new Set(["PROCESSING", "COMPLETED", "FAILED"]);

/** A fresh quote: its price, the live countdown, and the way to run it (execute, or the funds arriving). */
export function QuoteResult({ quote, canTransact, isSandbox, onRefresh, isRefreshing }: QuoteResultProps) {
  const secondsLeft = useSecondsLeft(quote.createdAt, quote.expiresAt);
  // A quote made with "Execute immediately" has already run.
  const [ran, setRan] = useState<{ status: string } | null>(RAN.has(quote.status) ? { status: quote.status } : null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const isRealtime = quote.source.sourceType === "REALTIME_FUNDING";
  const isPull = isPullSource(quote.source);
  const isExpired = secondsLeft <= 0 && !ran;
  const canRun = canTransact && !ran && !isExpired && !pending;
  const top = useRef<HTMLDivElement>(null);
  // A new quote appears below the form: bring it into view. (Block body: newer browsers' scrollIntoView
  // returns a promise, which React would take for a cleanup function.)
  useEffect(() => {
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  function execute() {
    startTransition(async () => {
      const result = await callAction(executeQuoteAction, { quoteId: quote.id });
      if (!result.ok) return setError(result.error);
      setError(null);
      setRan({ status: result.data.status });
    });
  }

  function sendFunds() {
    startTransition(async () => {
      const result = await callAction(sandboxSendAction, { quoteId: quote.id, currencyCode: quote.sendingCurrency.code });
      if (!result.ok) return setError(result.error);
      setError(null);
      setRan({ status: result.data.status });
    });
  }

  return (
    <div ref={top} className="scroll-mt-4">
      <Card
        title="Quote"
        description={
          <Link href={`/quotes/${encodeURIComponent(quote.id)}`} className="font-mono text-xs text-brand-700 hover:underline" data-testid="quote-id">
            {quote.id}
          </Link>
        }
        actions={ran ? <span className={`text-sm font-medium ${ran.status === "FAILED" ? "text-red-700" : "text-emerald-700"}`}>{isRealtime ? "Funds sent" : "Executed"}</span> : <ExpiryCountdown secondsLeft={secondsLeft} />}
        tone={isExpired ? "attention" : "default"}
      >
        <div className="space-y-5">
          {error && (
            <Notice tone="error" testId="quote-run-error">
              {describeRunError(error)}
            </Notice>
          )}
          {isExpired && (
            <Notice tone="warning" title="This quote has expired" testId="quote-expired">
              Its rate and fees no longer hold. Refresh it to get a new one.
            </Notice>
          )}
          {isPull && !ran && (
            <Notice tone="info" title="Pulled from the bank account" testId="quote-pull-hint">
              {PULL_HINT} The pull&apos;s outcome decides the payment: if it fails, nothing moves and the quote ends FAILED.
            </Notice>
          )}
          <QuoteSummary quote={quote} />
          {isRealtime && (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-zinc-900">Payment instructions</h3>
              <p className="text-sm text-zinc-600">The payer sends exactly the sending total, quoting the reference; the funds arriving run the quote.</p>
              <PaymentInstructionsList instructions={quote.paymentInstructions ?? []} />
            </div>
          )}
          {ran && (
            <Notice
              tone={ran.status === "FAILED" ? "error" : "success"}
              title={ran.status === "FAILED" ? `${isPull ? "The pull from the bank account failed" : "The payment failed"}: the quote is FAILED; the transaction says why` : `${isRealtime ? "Funds sent" : "Quote executed"}: the transaction is ${ran.status}`}
              testId="quote-ran"
            >
              <Link href={transactionHref(quote.transactionId)} className="font-medium text-brand-700 underline">
                View transaction {quote.transactionId}
              </Link>
            </Notice>
          )}
          <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 pt-4">
            {!ran && (
              <Button variant="secondary" onClick={onRefresh} disabled={isRefreshing || pending}>
                {isRefreshing ? "Refreshing…" : "Refresh quote"}
              </Button>
            )}
            {!ran && !isRealtime && (
              <Button onClick={execute} disabled={!canRun}>
                {pending ? "Executing…" : "Execute"}
              </Button>
            )}
            {!ran && isRealtime && isSandbox && (
              <Button onClick={sendFunds} disabled={!canRun}>
                {pending ? "Sending…" : "Send funds (sandbox)"}
              </Button>
            )}
            {ran && (
              <Link href={transactionHref(quote.transactionId)} className={buttonClasses("primary")}>
                Open transaction
              </Link>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}
