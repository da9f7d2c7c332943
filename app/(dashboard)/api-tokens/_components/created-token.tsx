import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { SecretValue } from "@/components/secret-value";

export interface CreatedTokenProps {
  name: string;
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  onDone: () => void;
}

/** The one and only time a token's secret is visible. */
export function CreatedToken({ name, clientId, clientSecret, baseUrl, onDone }: CreatedTokenProps) {
  return (
    <div className="space-y-4" data-testid="created-token">
      <Notice tone="warning" title={`Token “${name}” created. Copy the secret now.`}>
        This is the only time the client secret is shown. It will not be shown again and cannot be recovered; if you lose
        it, revoke this token and create a new one.
      </Notice>
      <div className="grid gap-4 md:grid-cols-2">
        <SecretValue label="Client ID" value={clientId} testId="created-client-id" />
        <SecretValue label="Client secret" value={clientSecret} testId="created-client-secret" />
      </div>
      <CodeBlock label="curl example with this token" code={`curl -u '${clientId}:${clientSecret}' ${baseUrl}/config`} />
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          I saved the secret
        </Button>
      </div>
    </div>
  );
}
