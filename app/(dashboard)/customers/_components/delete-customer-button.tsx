"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteCustomerAction } from "../actions";

export function DeleteCustomerButton({ customerId, name }: { customerId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function remove() {
    startTransition(async () => {
      const result = await callAction(deleteCustomerAction, { customerId });
      // Deleted elsewhere meanwhile: the goal is reached; refresh so the page says so.
      if (result.ok || result.error.code === "CUSTOMER_DELETED") {
        setOpen(false);
        return router.refresh();
      }
      setProblem(result.error.code === "FORBIDDEN" ? "Your role cannot delete customers. Ask an admin." : describeActionError(result.error));
    });
  }

  return (
    <>
      <Button
        variant="danger-ghost"
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog open={open} title={`Delete “${name}”?`} confirmLabel="Delete customer" onConfirm={remove} onCancel={() => setOpen(false)} pending={pending}>
        <p>The customer can no longer be changed or used for payments. Its history stays readable. This cannot be undone.</p>
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
