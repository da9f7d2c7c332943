"use client";

import { useState } from "react";
import type { components } from "@/lib/client/generated/schema";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { EMPTY_OWNER, OWNER_ROLE_LABELS, ownerFormValues } from "../_lib/owner-form-values";
import { BeneficialOwnerForm } from "./beneficial-owner-form";

type BeneficialOwner = components["schemas"]["BeneficialOwner"];
type KycStatus = BeneficialOwner["kycStatus"];

const TONES: Record<KycStatus, BadgeTone> = { UNVERIFIED: "neutral", PENDING: "info", APPROVED: "success", REJECTED: "danger" };

export interface BeneficialOwnersCardProps {
  customerId: string;
  owners: BeneficialOwner[];
  canManage: boolean;
}

/** The business's owners, directors and control persons; each resolves with the business's verification. */
export function BeneficialOwnersCard({ customerId, owners, canManage }: BeneficialOwnersCardProps) {
  // "new", an owner id being edited, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const editedOwner = owners.find((o) => o.id === editing);

  const columns: Column<BeneficialOwner>[] = [
    {
      header: "Person",
      cell: (o) => (
        <div>
          <span className="font-medium text-zinc-900">
            {o.personalInfo.firstName} {o.personalInfo.lastName}
          </span>
          <code className="block font-mono text-xs text-zinc-500">{o.id}</code>
        </div>
      ),
    },
    { header: "Roles", cell: (o) => o.roles.map((r) => OWNER_ROLE_LABELS[r]).join(", ") },
    { header: "Ownership", className: "tabular-nums", cell: (o) => `${o.ownershipPercentage}%` },
    { header: "KYC", cell: (o) => <StatusBadge tone={TONES[o.kycStatus]}>{o.kycStatus}</StatusBadge> },
    {
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (o) =>
        canManage && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(o.id)} aria-label={`Edit ${o.personalInfo.firstName} ${o.personalInfo.lastName}`}>
            Edit
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="Beneficial owners"
      description="Everyone who owns 25% or more, plus the person who controls the business. Each needs an identity document."
      actions={canManage && editing === null && (
        <Button variant="secondary" size="sm" onClick={() => setEditing("new")}>
          Add owner
        </Button>
      )}
      flush
    >
      {editing !== null && (
        <div className="border-b border-zinc-200 bg-zinc-50/60 px-5 py-4">
          <h3 className="mb-3 text-sm font-semibold text-zinc-900">{editedOwner ? `Edit ${editedOwner.personalInfo.firstName} ${editedOwner.personalInfo.lastName}` : "New beneficial owner"}</h3>
          <BeneficialOwnerForm
            key={editing}
            customerId={customerId}
            beneficialOwnerId={editedOwner?.id}
            initialValues={editedOwner ? ownerFormValues(editedOwner) : EMPTY_OWNER}
            onDone={() => setEditing(null)}
          />
        </div>
      )}
      <DataTable caption="Beneficial owners" columns={columns} rows={owners} rowKey={(o) => o.id} empty="No beneficial owners yet." />
    </Card>
  );
}
