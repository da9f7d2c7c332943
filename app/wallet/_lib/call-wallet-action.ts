import type { ActionError } from "@/lib/client/action-result";

/**
 * Calls a wallet server action from the browser; a failure to answer becomes an error value in the
 * end user's words. Unlike the dashboard's callAction it never says "reload": reloading mid-sign-in
 * drops the code step, and every wallet step is safe to send again (a payment runs once, a signed
 * request is single-use), so the page keeps its state and the user tries again.
 */
export async function callWalletAction<A extends unknown[], R extends { ok: boolean }>(action: (...args: A) => Promise<R>, ...args: A): Promise<R | { ok: false; error: ActionError }> {
  try {
    return await action(...args);
  } catch (thrown) {
    const isOffline = thrown instanceof TypeError; // fetch's own failure: no answer came back
    return {
      ok: false,
      error: isOffline
        ? { code: "NO_CONNECTION", message: "No connection. Check your network and try again." }
        : { code: "SERVER_ERROR", message: "Something went wrong on our side. Try again in a moment." },
    };
  }
}

/** The call got no answer (callWalletAction's failure): the page keeps its state for trying again. */
export function isNoAnswer(error: ActionError): boolean {
  return error.code === "NO_CONNECTION" || error.code === "SERVER_ERROR";
}
