"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { executeQuoteAction } from "../actions";

/** Executes a PENDING account-funded quote from its page, then shows the page's fresh state. */
export function QuoteRunButton({ quoteId }: { quoteId: string }) {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-3">
      {error && (
        <Notice tone="error" testId="quote-run-error">
          {error.code === "QUOTE_EXPIRED" ? "This quote has expired: build a new one on the Quotes page." : describeActionError(error)}
        </Notice>
      )}
      <Button
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await callAction(executeQuoteAction, { quoteId });
            if (!result.ok) return setError(result.error);
            setError(null);
            router.refresh();
          })
        }
      >
        {pending ? "Executing…" : "Execute"}
      </Button>
    </div>
  );
}
