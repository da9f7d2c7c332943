"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteExternalAccountAction } from "../actions";

export interface DeleteExternalAccountButtonProps {
  externalAccountId: string;
  /** How the row reads: "USD · Usd account 123456789012". */
  label: string;
  isPlatform: boolean;
}

export function DeleteExternalAccountButton({ externalAccountId, label, isPlatform }: DeleteExternalAccountButtonProps) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function remove() {
    startTransition(async () => {
      const result = await callAction(deleteExternalAccountAction, { externalAccountId, isPlatform });
      // Already gone (removed elsewhere): the goal is reached; refresh so the list shows it.
      if (result.ok || result.error.status === 404) {
        setOpen(false);
        return router.refresh();
      }
      setProblem(result.error.code === "FORBIDDEN" ? "Your role cannot remove external accounts. Ask an admin." : describeActionError(result.error));
    });
  }

  return (
    <>
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={`Delete external account ${label}`}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog open={open} title="Delete this external account?" confirmLabel="Delete account" onConfirm={remove} onCancel={() => setOpen(false)} pending={pending}>
        <p>
          <span className="font-medium text-zinc-800">{label}</span> can no longer receive payouts. Payments already sent are not affected.
        </p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
