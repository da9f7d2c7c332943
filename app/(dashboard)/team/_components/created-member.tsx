import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SecretValue } from "@/components/secret-value";

export interface CreatedMemberProps {
  name: string;
  email: string;
  temporaryPassword: string;
  onDone: () => void;
}

/** The one and only time a new member's temporary password is visible. */
export function CreatedMember({ name, email, temporaryPassword, onDone }: CreatedMemberProps) {
  return (
    <div className="space-y-4" data-testid="created-member">
      <Notice tone="warning" title={`${name} can now sign in. Copy the temporary password now.`}>
        It is shown only this once and cannot be recovered. Hand it over securely, in person or through a channel you trust
        (not in the same email as the address), and ask {name} to change it under Team → Your password after signing in.
      </Notice>
      <div className="grid gap-4 md:grid-cols-2">
        <SecretValue label="Email" value={email} testId="created-member-email" />
        <SecretValue label="Temporary password" value={temporaryPassword} testId="created-member-password" />
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          I handed it over
        </Button>
      </div>
    </div>
  );
}
