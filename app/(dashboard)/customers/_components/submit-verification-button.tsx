"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { submitVerificationAction } from "../verification-actions";

function errorMessage(error: ActionError): string {
  switch (error.code) {
    case "CONFLICT":
      return `Verify the customer's contact details first (see Contact verification). ${error.message}`;
    case "INVALID_INPUT":
      return error.fieldErrors?.customerId ? `This customer ${error.fieldErrors.customerId}.` : describeActionError(error);
    case "CUSTOMER_DELETED":
      return "This customer was deleted; it can no longer be verified.";
    case "FORBIDDEN":
      return "Your role cannot submit verifications. Ask an admin.";
    default:
      return describeActionError(error);
  }
}

/** POST /verifications; the page then shows the result and what is missing. */
export function SubmitVerificationButton({ customerId }: { customerId: string }) {
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function submit() {
    startTransition(async () => {
      const result = await callAction(submitVerificationAction, { customerId });
      setError(result.ok ? null : result.error);
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <Button onClick={submit} disabled={pending}>
        {pending ? "Submitting…" : "Submit for verification"}
      </Button>
      {error && (
        <Notice tone="error" testId="submit-verification-error" className="max-w-md">
          {errorMessage(error)}
        </Notice>
      )}
    </div>
  );
}
