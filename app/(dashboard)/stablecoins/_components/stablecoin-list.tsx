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
import { useAction } from "@/components/use-action";

type Stablecoin = components["schemas"]["Stablecoin"];
type Link = components["schemas"]["StablecoinProviderAccount"];

/** One page of registered stablecoins, and the form that registers one on an active provider link. */
export function StablecoinList({ coins, activeLinks, canManage, pager }: { coins: Stablecoin[]; activeLinks: Link[]; canManage: boolean; pager?: ReactNode }) {
  const empty = { providerTokenIdentifier: "", networkTokenIdentifier: "", stablecoinProviderAccountId: "" };
  const [form, setForm] = useState(empty);
  const register = useAction(registerStablecoinAction, () => setForm(empty));
  const active = activeLinks;
  const fe = register.error?.fieldErrors ?? {};

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
          <TextField id="providerTokenIdentifier" label="Provider token id" value={form.providerTokenIdentifier} onChange={(v) => setForm({ ...form, providerTokenIdentifier: v })} error={fe.providerTokenIdentifier} />
          <TextField id="networkTokenIdentifier" label="Spark token id" value={form.networkTokenIdentifier} onChange={(v) => setForm({ ...form, networkTokenIdentifier: v })} error={fe.networkTokenIdentifier} />
          <SelectField
            id="stablecoinProviderAccountId"
            label="Provider link"
            value={form.stablecoinProviderAccountId}
            onChange={(v) => setForm({ ...form, stablecoinProviderAccountId: v })}
            emptyLabel={active.length > 1 ? "Choose a link" : "The active link"}
            options={active.map((l) => ({ value: l.id, label: l.providerAccountId }))}
          />
          <Button type="submit" disabled={register.pending}>
            {register.pending ? "Registering…" : "Register stablecoin"}
          </Button>
          {register.error && (
            <Notice tone="error" className="sm:col-span-4">
              {register.error.message}
            </Notice>
          )}
        </form>
      )}
    </Card>
  );
}
