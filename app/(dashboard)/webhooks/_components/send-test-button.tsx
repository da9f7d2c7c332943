"use client";

import { useState, useTransition } from "react";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { sendTestWebhookAction, type TestWebhookResult } from "../actions";

function failureText(error: Extract<TestWebhookResult, { ok: false }>["error"]): { title: string; detail?: string } {
  switch (error.code) {
    case "WEBHOOK_ENDPOINT_NOT_SET":
      return { title: "No webhook endpoint is set.", detail: "Set one in Settings, or turn on the built-in receiver." };
    case "WEBHOOK_DELIVERY_ERROR":
      return { title: "The test event was not delivered.", detail: error.reason ?? error.message };
    case "FORBIDDEN":
      return { title: "Your role cannot send test events. Ask an admin." };
    default:
      return { title: describeActionError(error) };
  }
}

/** Sends a signed TEST event to the endpoint now and shows what it answered. */
export function SendTestButton({ canSend }: { canSend: boolean }) {
  const [result, setResult] = useState<TestWebhookResult | null>(null);
  const [pending, startTransition] = useTransition();

  function send() {
    startTransition(async () => setResult(await callAction(callAction, sendTestWebhookAction)));
  }

  const failure = result && !result.ok ? failureText(result.error) : null;
  return (
    <div className="space-y-3">
      <Button onClick={send} disabled={!canSend || pending}>
        {pending ? "Sending…" : "Send test event"}
      </Button>
      {result?.ok && (
        <Notice tone="success" title={`The endpoint answered HTTP ${result.data.response_status}.`} testId="test-webhook-result">
          <p className="mb-2 font-mono text-xs break-all">{result.data.url}</p>
          {result.data.response_body ? <CodeBlock code={result.data.response_body} /> : <p className="text-xs">Empty response body.</p>}
        </Notice>
      )}
      {failure && (
        <Notice tone="error" title={failure.title} testId="test-webhook-error">
          {failure.detail}
        </Notice>
      )}
    </div>
  );
}
