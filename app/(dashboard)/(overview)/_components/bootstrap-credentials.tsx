"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { SecretValue } from "@/components/secret-value";
import { dismissBootstrapCredentialsAction } from "../actions";
import { callAction } from "@/lib/client/action-result";

export interface BootstrapCredentialsProps {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

/** The first-start API token, shown to an admin until they confirm they saved it or the server restarts (memory only). */
export function BootstrapCredentials({ clientId, clientSecret, baseUrl }: BootstrapCredentialsProps) {
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState<string | null>(null);

  function dismiss() {
    startTransition(async () => {
      const result = await callAction(callAction, dismissBootstrapCredentialsAction);
      if (!result.ok) setFailed(result.error.code === "FORBIDDEN" ? "Only admins can dismiss these credentials." : result.error.message);
    });
  }

  return (
    <Card
      title="Your first API credentials"
      description="Created when this platform started for the first time. They have every permission (VIEW, TRANSACT, MANAGE)."
      tone="attention"
    >
      <div className="space-y-4" data-testid="bootstrap-credentials">
        <Notice tone="warning" testId="bootstrap-credentials-notice">
          Save the client secret now, in a password manager or your secrets store. It is shown here only until you
          confirm or the server restarts (it is held in the server&apos;s memory, never stored), and cannot be retrieved
          later; the terminal that started the server printed it too. You can always create new tokens under API tokens.
        </Notice>
        <div className="grid gap-4 md:grid-cols-2">
          <SecretValue label="Client ID" value={clientId} testId="bootstrap-client-id" />
          <SecretValue label="Client secret" value={clientSecret} testId="bootstrap-client-secret" />
        </div>
        <CodeBlock label="curl example with these credentials" code={`curl -u '${clientId}:${clientSecret}' ${baseUrl}/config`} />
        {failed && <Notice tone="error">{failed}</Notice>}
        <div className="flex justify-end">
          <Button onClick={dismiss} disabled={pending}>
            {pending ? "Hiding…" : "I saved them"}
          </Button>
        </div>
      </div>
    </Card>
  );
}
