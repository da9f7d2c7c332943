import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server-rendered HTML and while React hydrates it, true once the page's handlers are
 * attached. `Button` (submit) and the controlled inputs wait for it: before then, Enter or a click
 * submits a form natively, a GET to the page's own address with named fields in the query (a
 * password in the URL, the history and the logs), and what was typed into a controlled field is
 * not in React's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
