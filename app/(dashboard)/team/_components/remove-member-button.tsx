"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { removeTeamMemberAction } from "../actions";
import { describeTeamError } from "./team-text";
import { callAction } from "@/lib/client/action-result";

export function RemoveMemberButton({ staffId, name, email }: { staffId: string; name: string; email: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function remove() {
    startTransition(async () => {
      const result = await callAction(removeTeamMemberAction, { staffId });
      if (result.ok) return setOpen(false);
      if (result.error.code === "STAFF_NOT_FOUND") {
        // Already removed by another admin: the goal is reached; refresh so the list shows it.
        setOpen(false);
        return router.refresh();
      }
      setProblem(describeTeamError(result.error));
    });
  }

  return (
    <>
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={`Remove ${name}`}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Remove
      </Button>
      <ConfirmDialog open={open} title={`Remove ${name}?`} confirmLabel="Remove member" onConfirm={remove} onCancel={() => setOpen(false)} pending={pending}>
        <p>
          <span className="font-medium text-zinc-900">{email}</span> can no longer sign in, and a session they have open ends on its next
          page load. To give them access again, add them anew.
        </p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
