"use client";

import { useState } from "react";
import { describeActionError } from "@/lib/client/action-result";
import { loadCustomerAccountsAction, type CustomerAccounts } from "../actions";

export type CustomerAccountsState = ({ status: "loading" } & CustomerAccounts) | ({ status: "ready" } & CustomerAccounts) | ({ status: "failed"; message: string } & CustomerAccounts);

const NONE: CustomerAccounts = { internal: [], external: [], hasMore: false };

/** The accounts of each customer picked in the builder, loaded once per customer when picked. */
export function useCustomerAccounts() {
  const [byCustomer, setByCustomer] = useState<Record<string, CustomerAccountsState>>({});

  function load(customerId: string) {
    const known = byCustomer[customerId];
    if (known && known.status !== "failed") return;
    const set = (state: CustomerAccountsState) => setByCustomer((current) => ({ ...current, [customerId]: state }));
    set({ status: "loading", ...NONE });
    loadCustomerAccountsAction({ customerId }).then(
      (result) => set(result.ok ? { status: "ready", ...result.data } : { status: "failed", message: describeActionError(result.error), ...NONE }),
      () => set({ status: "failed", message: "The dashboard could not reach the server. Pick the customer again to retry.", ...NONE }),
    );
  }

  return { byCustomer, load };
}

/** The hint under an account select while a customer's accounts load, fail, or are cut short. */
export function accountsHint(state: CustomerAccountsState | undefined): string | undefined {
  if (!state) return undefined;
  if (state.status === "loading") return "Loading the customer's accounts…";
  if (state.status === "failed") return `The customer's accounts could not be loaded: ${state.message}`;
  return state.hasMore ? "The customer has more accounts than the 500 of each kind shown here." : undefined;
}
