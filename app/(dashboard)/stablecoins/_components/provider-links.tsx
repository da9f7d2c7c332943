"use client";

import { useState, type ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { describeActionError } from "@/lib/client/action-result";
import { DateTime } from "@/components/date-time";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { linkProviderAccountAction, setLinkSandboxStateAction } from "../actions";
import { LINK_FORM_ANCHOR } from "../_lib/describe-stablecoin-error";
import { useAction } from "@/components/use-action";

type Link = components["schemas"]["StablecoinProviderAccount"];

const LINK_TONES: Record<string, BadgeTone> = { ACTIVE: "success", INVALID: "warning", REVOKED: "danger" };

export function ProviderLinks({ links, canManage, isSandbox, pager }: { links: Link[]; canManage: boolean; isSandbox: boolean; pager?: ReactNode }) {
  const [form, setForm] = useState({ apiClientId: "", apiClientSecret: "", providerAccountId: "" });
  const link = useAction(linkProviderAccountAction, () => setForm({ apiClientId: "", apiClientSecret: "", providerAccountId: "" }));
  const control = useAction(setLinkSandboxStateAction);
  const fe = link.error?.fieldErrors ?? {};

  return (
    <Card title="Provider links" description="Your stablecoin provider accounts and the health of their credentials." flush>
      <DataTable
        caption="Provider links"
        rows={links}
        rowKey={(l) => l.id}
        empty="No provider account linked yet."
        columns={[
          { header: "Provider account", cell: (l) => <span className="font-mono text-xs">{l.providerAccountId}</span> },
          { header: "Status", cell: (l) => <StatusBadge tone={LINK_TONES[l.status]}>{l.status}</StatusBadge> },
          { header: "Environment", cell: (l) => l.providerEnvironment },
          { header: "Last verified", cell: (l) => <DateTime value={l.lastVerifiedAt} /> },
          ...(isSandbox && canManage
            ? [
                {
                  header: "Sandbox",
                  cell: (l: Link) =>
                    l.status === "REVOKED" ? null : (
                      <div className="flex gap-2">
                        {l.status === "ACTIVE" && (
                          <Button size="sm" variant="secondary" disabled={control.pending} onClick={() => control.run({ id: l.id, status: "INVALID" })}>
                            Make invalid
                          </Button>
                        )}
                        <Button size="sm" variant="secondary" disabled={control.pending} onClick={() => control.run({ id: l.id, status: "REVOKED" })}>
                          Revoke
                        </Button>
                      </div>
                    ),
                },
              ]
            : []),
        ]}
      />
      {pager}
      {control.error && (
        <div className="px-5 pb-2">
          <Notice tone="error">{control.error.message}</Notice>
        </div>
      )}
      {canManage && (
        <form
          id={LINK_FORM_ANCHOR}
          aria-label="Link a provider account"
          className="scroll-mt-20 grid gap-3 border-t border-zinc-200 px-5 py-4 sm:grid-cols-4 sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            link.run({ ...form, providerAccountId: form.providerAccountId || undefined });
          }}
        >
          <TextField id="apiClientId" label="API client id" value={form.apiClientId} onChange={(v) => setForm({ ...form, apiClientId: v })} error={fe.apiClientId} />
          <TextField id="apiClientSecret" label="API client secret" value={form.apiClientSecret} onChange={(v) => setForm({ ...form, apiClientSecret: v })} error={fe.apiClientSecret} autoComplete="off" />
          <TextField id="providerAccountId" label="Provider account id (optional)" value={form.providerAccountId} onChange={(v) => setForm({ ...form, providerAccountId: v })} error={fe.providerAccountId} />
          <Button type="submit" disabled={link.pending}>
            {link.pending ? "Linking…" : "Link BRALE account"}
          </Button>
          {link.error && (
            <Notice tone="error" className="sm:col-span-4">
              {link.error.code === "INVALID_INPUT" ? link.error.message : describeActionError(link.error)}
            </Notice>
          )}
        </form>
      )}
    </Card>
  );
}
