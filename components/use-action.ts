"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { callAction, type ActionError, type ActionResult } from "@/lib/client/action-result";

/**
 * Refused because of how things stand now, not what was typed: someone else acted first (409), it
 * is gone (404), or the user's role changed (403). The page shows an older state than that.
 */
export function isStaleRefusal(error: ActionError): boolean {
  return error.status === 403 || error.status === 404 || error.status === 409;
}

/**
 * Runs a server action, keeps its error, and refreshes the page's server data when it succeeds,
 * or when it was refused because the page was out of date, so the page shows the current state
 * beside the reason (a client component keeps its state, this error included, across a refresh).
 */
export function useAction<I, T>(action: (input: I) => Promise<ActionResult<T>>, onOk?: (data: T) => void) {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  function run(input: I) {
    startTransition(async () => {
      const result = await callAction(action, input);
      if (!result.ok) {
        setError(result.error);
        if (isStaleRefusal(result.error)) router.refresh();
        return;
      }
      setError(null);
      onOk?.(result.data);
      router.refresh();
    });
  }
  return { run, error, pending };
}
