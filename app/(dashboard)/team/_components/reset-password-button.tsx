"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { resetTeamMemberPasswordAction } from "../actions";
import { TemporaryPassword } from "./temporary-password";
import { describeTeamError } from "./team-text";
import { callAction } from "@/lib/client/action-result";

/** Another member's password reset, after a confirmation; the new temporary password is shown once. */
export function ResetPasswordButton({ staffId, name, email }: { staffId: string; name: string; email: string }) {
  const [isConfirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function reset() {
    startTransition(async () => {
      const result = await callAction(resetTeamMemberPasswordAction, { staffId });
      setConfirming(false);
      if (result.ok) return setTemporaryPassword(result.data.temporaryPassword);
      if (result.error.code === "STAFF_NOT_FOUND") return router.refresh(); // removed meanwhile: the list shows it
      setConfirming(true);
      setProblem(describeTeamError(result.error));
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Reset password of ${name}`}
        onClick={() => {
          setProblem(null);
          setConfirming(true);
        }}
      >
        Reset password
      </Button>
      <ConfirmDialog open={isConfirming} title={`Reset ${name}’s password?`} confirmLabel="Reset password" onConfirm={reset} onCancel={() => setConfirming(false)} pending={pending}>
        <p>
          A new temporary password replaces the current one, and you see it once, to hand to{" "}
          <span className="font-medium text-zinc-900">{email}</span>. Their current sessions end on their next page load. If too many wrong
          passwords locked their email, it can sign in again at once.
        </p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
      <Dialog open={temporaryPassword !== null} title={`${name}’s new temporary password`} onCancel={() => setTemporaryPassword(null)} size="lg">
        {temporaryPassword && (
          <TemporaryPassword
            headline={`${name}’s password is reset.`}
            name={name}
            email={email}
            temporaryPassword={temporaryPassword}
            onDone={() => setTemporaryPassword(null)}
            testId="reset-password"
          />
        )}
      </Dialog>
    </>
  );
}
