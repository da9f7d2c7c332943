"use client";

import { useState, type ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { StatusBadge } from "@/components/status-badge";
import { SelectField, TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { registerStablecoinAction } from "../actions";
import { LINK_FORM_ANCHOR, describeStablecoinError } from "../_lib/describe-stablecoin-error";
import { useAction } from "@/components/use-action";

type Stablecoin = components["schemas"]["Stablecoin"];
type Link = components["schemas"]["StablecoinProviderAccount"];

/**
 * One page of registered stablecoins, and the form that registers one on an active provider link:
 * without one the form is disabled and says to link the provider account first.
 */
export function StablecoinList({ coins, activeLinks, hasLinks, canManage, pager }: { coins: Stablecoin[]; activeLinks: Link[]; /** Any link, active or not. */ hasLinks: boolean; canManage: boolean; pager?: ReactNode }) {
  const empty = { providerTokenIdentifier: "", networkTokenIdentifier: "", stablecoinProviderAccountId: "" };
  const [form, setForm] = useState(empty);
  const register = useAction(registerStablecoinAction, () => setForm(empty));
  const active = activeLinks;
  const fe = register.error?.fieldErrors ?? {};
  const isBlocked = active.length === 0;

  return (
    <Card title="Stablecoins" description="Provider-created tokens registered with your platform." flush>
      <DataTable
        caption="Registered stablecoins"
        rows={coins}
        rowKey={(c) => c.id}
        empty="No stablecoin registered yet."
        columns={[
          { header: "Name", cell: (c) => <span className="font-medium">{c.symbol}</span> },
          { header: "Provider token", cell: (c) => <span className="font-mono text-xs">{c.providerTokenIdentifier}</span> },
          { header: "Network", cell: (c) => c.network },
          { header: "Decimals", cell: (c) => c.decimals },
          { header: "Issuance", cell: (c) => <StatusBadge tone={c.issuanceStatus === "PROVISIONED" ? "success" : "neutral"}>{c.issuanceStatus}</StatusBadge> },
          { header: "Operations", cell: (c) => <StatusBadge tone={c.serviceOperationsStatus === "ENABLED" ? "success" : "neutral"}>{c.serviceOperationsStatus}</StatusBadge> },
        ]}
      />
      {pager}
      {canManage && (
        <form
          className="grid gap-3 border-t border-zinc-200 px-5 py-4 sm:grid-cols-4 sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            register.run({ ...form, stablecoinProviderAccountId: form.stablecoinProviderAccountId || undefined });
          }}
        >
          {isBlocked && (
            <Notice tone="warning" className="sm:col-span-4" testId="register-needs-link" title={hasLinks ? "No provider link is active" : "Link your provider account first"}>
              {hasLinks ? "Registering a token needs an active link to the provider that created it. " : "Tokens are registered through a link to the provider that created them. "}
              <a className="font-medium underline hover:no-underline" href={`#${LINK_FORM_ANCHOR}`}>
                {hasLinks ? "Re-link with current credentials" : "Link your BRALE account"}
              </a>{" "}
              under Provider links above, then register the token here.
            </Notice>
          )}
          <TextField id="providerTokenIdentifier" label="Provider token id" value={form.providerTokenIdentifier} onChange={(v) => setForm({ ...form, providerTokenIdentifier: v })} error={fe.providerTokenIdentifier} disabled={isBlocked} />
          <TextField id="networkTokenIdentifier" label="Spark token id" value={form.networkTokenIdentifier} onChange={(v) => setForm({ ...form, networkTokenIdentifier: v })} error={fe.networkTokenIdentifier} disabled={isBlocked} />
          <SelectField
            id="stablecoinProviderAccountId"
            label="Provider link"
            value={form.stablecoinProviderAccountId}
            onChange={(v) => setForm({ ...form, stablecoinProviderAccountId: v })}
            emptyLabel={active.length > 1 ? "Choose a link" : active.length === 1 ? "The active link" : "No active link"}
            options={active.map((l) => ({ value: l.id, label: l.providerAccountId }))}
            disabled={isBlocked}
          />
          <Button type="submit" disabled={register.pending || isBlocked}>
            {register.pending ? "Registering…" : "Register stablecoin"}
          </Button>
          {register.error && (
            <Notice tone="error" className="sm:col-span-4">
              {describeStablecoinError(register.error)}
            </Notice>
          )}
        </form>
      )}
    </Card>
  );
}
