import { CodeBlock } from "@/components/code-block";
// The very verifiers the OpenAPI document prints and the service's tests run on real deliveries.
import { NODE_VERIFIER, WEBCRYPTO_VERIFIER } from "@/lib/service/webhooks/signature-docs";

/** How a receiver checks X-Service-Signature, folded away under the key. */
export function VerifyHowTo() {
  return (
    <details className="mt-4 text-sm text-zinc-700" data-testid="webhook-verify-how-to">
      <summary className="cursor-pointer font-medium text-zinc-900">How to verify</summary>
      <div className="mt-2 space-y-3">
        <p>
          Check the signature over the raw request body, before parsing the JSON. The header is base64 of a DER signature: node:crypto and OpenSSL take it as it is; WebCrypto (
          <code>crypto.subtle</code>) needs the 64-byte r‖s form, so convert it first. Reject an event that does not verify.
        </p>
        <p>Deduplicate on the event&apos;s <code>id</code>. Retries and replays resend the same body with its original <code>timestamp</code>, so do not reject an event for its age.</p>
        <CodeBlock label="node:crypto verifier" code={NODE_VERIFIER} testId="webhook-verifier-node" />
        <CodeBlock label="WebCrypto verifier" code={WEBCRYPTO_VERIFIER} testId="webhook-verifier-webcrypto" />
      </div>
    </details>
  );
}
