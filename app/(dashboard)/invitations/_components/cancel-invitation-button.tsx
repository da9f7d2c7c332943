"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cancelInvitationAction } from "../actions";
import { invitationErrorText } from "./invitation-text";
import { callAction } from "@/lib/client/action-result";

/** Cancels a PENDING invitation after asking; the API says why when it no longer can. */
export function CancelInvitationButton({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function cancel() {
    startTransition(async () => {
      const result = await callAction(cancelInvitationAction, { code });
      if (!result.ok) return setProblem(invitationErrorText(result.error));
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <>
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={`Cancel invitation ${code}`}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Cancel
      </Button>
      <ConfirmDialog open={open} title={`Cancel invitation ${code}?`} confirmLabel="Cancel invitation" onConfirm={cancel} onCancel={() => setOpen(false)} pending={pending}>
        <p>The link stops working and the invitee can no longer claim it. This cannot be undone.</p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
