"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { CopyButton } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { ExpiryCountdown, useSecondsLeft } from "@/components/expiry-countdown";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { fundOperationAction } from "../actions";
import { TERMINAL_STATUSES, previewCents } from "../_lib/cents";
import { useAction } from "@/components/use-action";

type Operation = components["schemas"]["StablecoinOperation"];

const TONES: Record<string, BadgeTone> = { COMPLETED: "success", FAILED: "danger", EXPIRED: "neutral", PROCESSING: "info", PENDING_FUNDING: "warning", PENDING_PROVIDER: "info" };
const POLL_MS = 3000;

export interface OperationsListProps {
  /** One page of one stablecoin's operations, newest first. */
  operations: Operation[];
  decimals: number;
  symbol: string;
  /** Sandbox, and the member may move money: offer "Simulate funds received". */
  canSimulateFunds: boolean;
  serverNow: string;
  /** Chooses the stablecoin when there are several. */
  tabs?: ReactNode;
  pager?: ReactNode;
}

/** Operations with live status: refreshes the server data every few seconds while any is still moving. */
export function OperationsList({ operations, decimals, symbol, canSimulateFunds, serverNow, tabs, pager }: OperationsListProps) {
  const router = useRouter();
  const moving = operations.some((o) => !TERMINAL_STATUSES.has(o.status));
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [moving, router]);

  return (
    <Card title={symbol ? `Operations · ${symbol}` : "Operations"} description={moving ? "Updating live while operations are in progress." : "Newest first."}>
      {tabs}
      {operations.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-500">No mints or burns yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200" aria-label="Stablecoin operations">
          {operations.map((op) => (
            <OperationRow key={`${op.id}:${op.status}`} op={op} decimals={decimals} symbol={symbol} canSimulateFunds={canSimulateFunds} serverNow={serverNow} />
          ))}
        </ul>
      )}
      {pager}
    </Card>
  );
}

function OperationRow({ op, decimals, symbol, canSimulateFunds, serverNow }: { op: Operation; decimals: number; symbol: string; canSimulateFunds: boolean; serverNow: string }) {
  const fund = useAction(fundOperationAction);
  const cents = previewCents(op.amount, decimals);
  const instructions = op.fundingInstructions ? Object.entries(op.fundingInstructions).filter(([, v]) => typeof v === "string") : [];
  return (
    <li className="py-4" data-testid="stablecoin-operation" data-operation-id={op.id}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">{op.operationType === "MINT" ? "Mint" : "Burn"}</span>
        <span className="tabular-nums">
          <Money amount={op.amount} currency={{ code: symbol, decimals }} testId="operation-amount" /> {cents.ok && <span className="text-zinc-500">({cents.display})</span>}
        </span>
        <StatusBadge tone={TONES[op.status]}>{op.status}</StatusBadge>
        {op.failureReason && <span className="text-sm text-red-700">{op.failureReason}</span>}
        <span className="text-xs text-zinc-500">
          <DateTime value={op.createdAt} />
        </span>
        <span className="font-mono text-xs text-zinc-500">{op.id}</span>
      </div>
      {op.failureReason && FAILURE_HINTS[op.failureReason] && <p className="mt-1 text-sm text-zinc-600">{FAILURE_HINTS[op.failureReason]}</p>}
      {op.estimatedDelivery?.timing && (
        <p className="mt-1 text-sm text-zinc-600">
          Estimated delivery: {op.estimatedDelivery.rail?.replace(/_/g, " ")} · {op.estimatedDelivery.timing}
        </p>
      )}
      {op.status === "PENDING_FUNDING" && instructions.length > 0 && (
        <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-amber-900">{op.operationType === "BURN" ? "Send the tokens to this deposit address" : "Wire the funds with these details"}</p>
            {op.expiresAt && <Countdown serverNow={serverNow} expiresAt={op.expiresAt} />}
          </div>
          <dl className="mt-2 grid gap-1 text-sm">
            {instructions.map(([name, value]) => (
              <div key={name} className="flex items-center gap-2">
                <dt className="w-36 text-zinc-600">{INSTRUCTION_LABELS[name] ?? name}</dt>
                <dd className="font-mono break-all">{String(value)}</dd>
                <CopyButton value={String(value)} label={(INSTRUCTION_LABELS[name] ?? name).toLowerCase()} />
              </div>
            ))}
          </dl>
          {canSimulateFunds && (
            <Button className="mt-2" size="sm" variant="secondary" disabled={fund.pending} onClick={() => fund.run({ id: op.id })}>
              Simulate funds received
            </Button>
          )}
          {fund.error && <Notice tone="error">{fund.error.message}</Notice>}
        </div>
      )}
    </li>
  );
}

/** Funding windows last days: "6d 23h left" above an hour, the minute countdown below. */
function Countdown({ serverNow, expiresAt }: { serverNow: string; expiresAt: string }) {
  const seconds = useSecondsLeft(serverNow, expiresAt);
  if (seconds <= 3600) return <ExpiryCountdown secondsLeft={seconds} />;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return (
    <span role="timer" className="tabular-nums font-medium text-zinc-800">
      {days > 0 ? `${days}d ${hours}h left` : `${hours}h ${minutes}m left`}
    </span>
  );
}

/** What a FAILED operation's failureReason means for the user (codes from the operation's API description). */
const FAILURE_HINTS: Record<string, string> = {
  PROVIDER_TRANSFER_FAILED: "The provider's bank transfer failed (a mint's debit or a burn's payout).",
  DESTINATION_ACCOUNT_UNAVAILABLE: "The destination account could no longer receive (frozen or closed): nothing was credited and the fiat was returned to the funding source. Mint again to an active account.",
};

const INSTRUCTION_LABELS: Record<string, string> = {
  rail: "Rail",
  network: "Network",
  address: "Address",
  valueType: "Token",
  bankName: "Bank name",
  accountNumber: "Account number",
  routingNumber: "Routing number",
  reference: "Reference",
  amount: "Amount (cents)",
  currency: "Currency",
};
