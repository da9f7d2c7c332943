"use client";

import { useState } from "react";
import type { components } from "@/lib/client/generated/schema";
import { useAction } from "@/components/use-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { updateCardAction } from "../actions";

type IssuedCard = components["schemas"]["Card"];

/** Freeze / unfreeze (reversible) and close (final), each confirmed. */
export function CardStateControls({ card }: { card: IssuedCard }) {
  const [asking, setAsking] = useState<"FROZEN" | "ACTIVE" | "CLOSED" | null>(null);
  const update = useAction(updateCardAction, () => setAsking(null));
  // A refusal closes the question so its reason shows (the page refreshes to the card as it is now).
  const [refusal, setRefusal] = useState(update.error);
  if (update.error !== refusal) {
    setRefusal(update.error);
    if (update.error) setAsking(null);
  }
  const errorNotice = update.error && <Notice tone="error" title={update.error.message} testId="card-state-error" />;
  // Someone else may have closed the card meanwhile: the reason stays beside its new state.
  if (card.state === "CLOSED" || card.state === "PROCESSING" || card.state === "PENDING_KYC") return errorNotice || null;
  const questions = {
    FROZEN: { title: "Freeze this card?", confirm: "Freeze card", text: "New purchases are declined (CARD_NOT_ACTIVE) until you unfreeze it. Purchases already authorized still clear." },
    ACTIVE: { title: "Unfreeze this card?", confirm: "Unfreeze card", text: "The card can be used for purchases again." },
    CLOSED: { title: "Close this card?", confirm: "Close card", text: "Closing is final: the card can never be used again. Pending authorizations resolve and late clearings still post." },
  } as const;

  return (
    <div className="space-y-3">
      {errorNotice}
      <div className="flex flex-wrap gap-2">
        {card.state === "ACTIVE" && (
          <Button variant="secondary" onClick={() => setAsking("FROZEN")}>
            Freeze
          </Button>
        )}
        {card.state === "FROZEN" && (
          <Button variant="secondary" onClick={() => setAsking("ACTIVE")}>
            Unfreeze
          </Button>
        )}
        <Button variant="danger" onClick={() => setAsking("CLOSED")}>
          Close card
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          open
          title={questions[asking].title}
          confirmLabel={questions[asking].confirm}
          tone={asking === "ACTIVE" ? "primary" : "danger"}
          pending={update.pending}
          onCancel={() => setAsking(null)}
          onConfirm={() => update.run({ cardId: card.id, state: asking })}
        >
          {questions[asking].text}
        </ConfirmDialog>
      )}
    </div>
  );
}
