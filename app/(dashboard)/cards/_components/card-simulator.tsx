"use client";

import { useState, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import { formatMoney, parseMajorUnits } from "@/components/money";
import { SelectField, TextField } from "@/components/text-field";
import { useAction } from "@/components/use-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { MAX_CARD_SIMULATION_AMOUNT } from "../../_lib/amount-limits";
import { simulateCardAction, type Simulation } from "../actions";
import { canSimulateOn, NO_TARGET_TEXT, type RowSimulation } from "../_lib/simulation-targets";

type CardTransaction = components["schemas"]["CardTransaction"];
type Kind = Simulation["kind"];

const KINDS: { value: Kind; label: string; needs: "new" | "row" | "inquiry"; amount: boolean }[] = [
  { value: "authorization", label: "Authorize a purchase", needs: "new", amount: true },
  { value: "clearing", label: "Clear an authorization (0 expires it)", needs: "row", amount: true },
  { value: "return", label: "Merchant return (refund)", needs: "row", amount: true },
  { value: "return_reversal", label: "Reverse a return", needs: "row", amount: false },
  { value: "authorization_advice", label: "Re-size an open authorization", needs: "row", amount: true },
  { value: "financial_authorization", label: "Single-message purchase (debited at once)", needs: "new", amount: true },
  { value: "credit_authorization", label: "Authorize a credit to the cardholder", needs: "new", amount: true },
  { value: "financial_credit_authorization", label: "Single-message credit", needs: "new", amount: true },
  { value: "credit_authorization_advice", label: "Credit advice", needs: "new", amount: true },
  { value: "balance_inquiry", label: "Balance inquiry", needs: "inquiry", amount: false },
];

/**
 * Sandbox: drive the card network. Merchant name suffixes choose outcomes: 002 declines for
 * insufficient funds, 003 as not active, 005 approves with a pending pull, 006 fails the pull later.
 */
export function CardSimulator({ cardId, currency, decimals, transactions }: { cardId: string; currency: string; decimals: number; transactions: CardTransaction[] }) {
  const [kind, setKind] = useState<Kind>("authorization");
  const [amount, setAmount] = useState("");
  const [descriptor, setDescriptor] = useState("Coffee Shop");
  const [rowId, setRowId] = useState("");
  const [amountError, setAmountError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const simulate = useAction(simulateCardAction, () => setDone(KINDS.find((k) => k.value === kind)!.label));
  const spec = KINDS.find((k) => k.value === kind)!;
  // Only the rows this simulation can act on: clearing a DECLINED purchase would only be refused.
  const targets = spec.needs === "row" ? transactions.filter((t) => canSimulateOn(kind as RowSimulation, t)) : [];
  // A row chosen for another simulation that this one cannot take is not kept.
  const targetId = targets.some((t) => t.id === rowId) ? rowId : "";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    let minor = 0;
    if (spec.amount) {
      // Clearing or re-sizing to 0 means something (the authorization expires); a purchase or refund of 0 does not.
      const parsed = parseMajorUnits(amount, decimals, { max: MAX_CARD_SIMULATION_AMOUNT, allowZero: kind === "clearing" || kind === "authorization_advice" });
      if (!parsed.ok) return setAmountError(parsed.message);
      minor = Number(parsed.minorUnits);
    }
    setAmountError(undefined);
    if (spec.needs === "new") simulate.run({ kind, cardId, amount: minor, currency, descriptor } as Simulation);
    else if (spec.needs === "inquiry") simulate.run({ kind: "balance_inquiry", cardId, descriptor });
    else if (kind === "return_reversal") simulate.run({ kind, cardId, cardTransactionId: targetId });
    else simulate.run({ kind, cardId, cardTransactionId: targetId, amount: minor } as Simulation);
  }

  return (
    <Card title="Simulator (sandbox)" description="Play the card network: authorize, clear, refund. Merchant names ending 002 decline for insufficient funds, 003 as not active.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <SelectField id="simulation" label="Simulation" value={kind} onChange={(v) => setKind(v as Kind)} options={KINDS.map((k) => ({ value: k.value, label: k.label }))} />
        {spec.needs === "row" ? (
          <SelectField
            id="cardTransactionId"
            label="Card transaction"
            value={targetId}
            onChange={setRowId}
            emptyLabel={targets.length > 0 ? "Choose one" : "None to choose"}
            hint={targets.length === 0 ? NO_TARGET_TEXT[kind as RowSimulation] : undefined}
            error={simulate.error?.fieldErrors?.cardTransactionId}
            options={targets.map((t) => ({ value: t.id, label: `${t.merchant.descriptor} · ${t.direction} · ${t.status} · ${formatMoney(t.authorizedAmount.amount, t.authorizedAmount.currency)}` }))}
          />
        ) : (
          <TextField id="descriptor" label="Merchant" value={descriptor} onChange={setDescriptor} error={simulate.error?.fieldErrors?.descriptor} />
        )}
        {spec.amount && <TextField id="simulation-amount" label={`Amount (${currency})`} value={amount} onChange={setAmount} error={amountError} placeholder="12.50" />}
        <div className="flex items-end">
          <Button type="submit" disabled={simulate.pending}>
            {simulate.pending ? "Sending…" : "Send to the card"}
          </Button>
        </div>
        {simulate.error && <Notice tone="error" title={simulate.error.message} className="sm:col-span-2" testId="simulation-error" />}
        {done && !simulate.error && (
          <Notice tone="success" title={`${done}: sent`} className="sm:col-span-2" testId="simulation-done">
            The result is in the card transactions below.
          </Notice>
        )}
      </form>
    </Card>
  );
}
