import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { VERIFICATION_STATUS_TEXT, describeVerificationError } from "../_lib/verification-text";
import { KycLinkButton } from "./kyc-link-button";
import { KycStatusBadge, verificationStatus } from "./kyc-status-badge";
import { SubmitVerificationButton } from "./submit-verification-button";
import { VerificationStatusBadge } from "./verification-status-badge";

type Customer = components["schemas"]["CustomerOneOf"];
type Verification = components["schemas"]["Verification"];

export interface VerificationCardProps {
  customer: Customer;
  /** Newest first. */
  verifications: Verification[];
  /** Resource id → who it is ("the business", "Pat Founder"). */
  names: Map<string, string>;
  canManage: boolean;
}

const HISTORY_COLUMNS: Column<Verification>[] = [
  { header: "Submitted", cell: (v) => <DateTime value={v.createdAt} /> },
  { header: "Result", cell: (v) => <VerificationStatusBadge status={v.verificationStatus} /> },
  { header: "Open items", className: "tabular-nums", cell: (v) => v.errors.length },
  { header: "ID", cell: (v) => <code className="font-mono text-xs text-zinc-500">{v.id}</code> },
];

/** KYC/KYB status, what is still missing (the latest submission's errors, in words), the actions and the history. */
export function VerificationCard({ customer, verifications, names, canManage }: VerificationCardProps) {
  const latest = verifications[0];
  const status = verificationStatus(customer);
  const kind = customer.customerType === "INDIVIDUAL" ? "KYC" : "KYB";
  const canSubmit = canManage && status === "UNVERIFIED";
  return (
    <Card
      title="Verification"
      description={`${kind} of the ${customer.customerType === "INDIVIDUAL" ? "person" : "business"}${status === "UNVERIFIED" ? ": submit the details and documents below for review" : ""}.`}
      actions={canSubmit && (
        <div className="flex flex-wrap justify-end gap-2">
          <KycLinkButton customerId={customer.id} />
          <SubmitVerificationButton customerId={customer.id} />
        </div>
      )}
      flush
    >
      <div className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <KycStatusBadge customer={customer} />
          {latest ? (
            <>
              <span className="text-zinc-500">Latest submission:</span>
              <span data-testid="latest-verification-status">
                <VerificationStatusBadge status={latest.verificationStatus} />
              </span>
              <span className="text-zinc-600">{VERIFICATION_STATUS_TEXT[latest.verificationStatus]}</span>
            </>
          ) : (
            <span className="text-zinc-600">Not submitted yet.{canSubmit ? " Submit to see what is missing." : ""}</span>
          )}
        </div>
        {latest && latest.errors.length > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-medium text-zinc-800">What is missing</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700" data-testid="verification-missing">
              {latest.errors.map((e, i) => (
                <li key={`${e.resourceId}-${e.type}-${e.field ?? i}`}>{describeVerificationError(e, names.get(e.resourceId) ?? "this customer")}</li>
              ))}
            </ul>
          </div>
        )}
        {!canManage && status === "UNVERIFIED" && <p className="text-xs text-zinc-500">Your role can view the verification but not submit it.</p>}
      </div>
      {verifications.length > 0 && (
        <div className="border-t border-zinc-200">
          <DataTable caption="Verification history" columns={HISTORY_COLUMNS} rows={verifications} rowKey={(v) => v.id} />
        </div>
      )}
    </Card>
  );
}
