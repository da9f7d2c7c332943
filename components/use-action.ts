"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { callAction, type ActionError, type ActionResult } from "@/lib/client/action-result";

/** Runs a server action, keeps its error, and refreshes the page's server data when it succeeds. */
export function useAction<I, T>(action: (input: I) => Promise<ActionResult<T>>, onOk?: (data: T) => void) {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  function run(input: I) {
    startTransition(async () => {
      const result = await callAction(action, input);
      if (!result.ok) return setError(result.error);
      setError(null);
      onOk?.(result.data);
      router.refresh();
    });
  }
  return { run, error, pending };
}
