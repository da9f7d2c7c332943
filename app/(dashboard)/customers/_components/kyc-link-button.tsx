"use client";

import { useState, useTransition } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { DateTime } from "@/components/date-time";
import { SecretValue } from "@/components/secret-value";
import { createKycLinkAction } from "../verification-actions";

type KycLink = components["schemas"]["KycLinkResponse"];

function errorMessage(error: ActionError): string {
  if (error.code === "CONFLICT") return `Verify the customer's contact details first (see Contact verification). ${error.message}`;
  if (error.code === "FORBIDDEN") return "Your role cannot create verification links. Ask an admin.";
  return describeActionError(error);
}

/** Creates a single-use hosted verification link to send to the customer, shown with a copy button. */
export function KycLinkButton({ customerId }: { customerId: string }) {
  const [link, setLink] = useState<KycLink | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  function create() {
    startTransition(async () => {
      const result = await callAction(createKycLinkAction, { customerId });
      if (!result.ok) return setError(result.error);
      setError(null);
      setLink(result.data);
    });
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" onClick={create} disabled={pending}>
        {pending ? "Creating…" : link ? "New KYC link" : "KYC link"}
      </Button>
      {error && (
        <Notice tone="error" testId="kyc-link-error" className="max-w-md">
          {errorMessage(error)}
        </Notice>
      )}
      {link && (
        <div className="w-96 max-w-full rounded-md border border-zinc-200 bg-white p-3 text-left shadow-sm">
          <SecretValue label="Hosted verification link" value={link.kycUrl} testId="kyc-link-url" />
          <p className="mt-2 text-xs text-zinc-500">
            Send it to the customer; it works once and expires <DateTime value={link.expiresAt} />.
          </p>
        </div>
      )}
    </div>
  );
}
