"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { revokeTokenAction } from "../actions";

export function RevokeTokenButton({ tokenId, name, clientId }: { tokenId: string; name: string; clientId: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function revoke() {
    startTransition(async () => {
      const result = await callAction(revokeTokenAction, { tokenId });
      if (result.ok) return setOpen(false);
      if (result.error.code === "TOKEN_NOT_FOUND" || result.error.code === "NOT_FOUND") {
        // Already revoked elsewhere: the goal is reached; refresh so the list shows it.
        setOpen(false);
        return router.refresh();
      }
      setProblem(describeActionError(result.error));
    });
  }

  return (
    <>
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={`Revoke token ${name}`}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Revoke
      </Button>
      <ConfirmDialog open={open} title={`Revoke “${name}”?`} confirmLabel="Revoke token" onConfirm={revoke} onCancel={() => setOpen(false)} pending={pending}>
        <p>
          Anything using client ID <code className="font-mono text-xs">{clientId}</code> stops working immediately. This cannot be undone.
        </p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
