import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SecretValue } from "@/components/secret-value";

export interface TemporaryPasswordProps {
  /** What happened, e.g. "Sam can now sign in."; the notice adds the request to copy. */
  headline: string;
  name: string;
  email: string;
  temporaryPassword: string;
  onDone: () => void;
  /** Names the block; its email and password are `${testId}-email` and `${testId}-password`. */
  testId: string;
}

/** The one and only time a member's temporary password (new member, or reset) is visible. */
export function TemporaryPassword({ headline, name, email, temporaryPassword, onDone, testId }: TemporaryPasswordProps) {
  return (
    <div className="space-y-4" data-testid={testId}>
      <Notice tone="warning" title={`${headline} Copy the temporary password now.`}>
        It is shown only this once and cannot be recovered. Hand it over securely, in person or through a channel you trust
        (not in the same email as the address), and ask {name} to change it under Team → Your password after signing in.
      </Notice>
      <div className="grid gap-4 md:grid-cols-2">
        <SecretValue label="Email" value={email} testId={`${testId}-email`} />
        <SecretValue label="Temporary password" value={temporaryPassword} testId={`${testId}-password`} />
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          I handed it over
        </Button>
      </div>
    </div>
  );
}
