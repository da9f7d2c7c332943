import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "./status-badge";

type ExternalAccountStatus = components["schemas"]["ExternalAccountStatus"];
type BeneficiaryVerificationStatus = components["schemas"]["BeneficiaryVerificationStatus"];

const STATUS_LABELS: Record<ExternalAccountStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE: { label: "Active", tone: "success" },
  PENDING: { label: "Pending", tone: "info" },
  PENDING_OWNERSHIP_VERIFICATION: { label: "Ownership unverified", tone: "warning" },
  UNVERIFIED: { label: "Verification failed", tone: "danger" },
  UNDER_REVIEW: { label: "Under review", tone: "info" },
  INACTIVE: { label: "Inactive", tone: "neutral" },
};

const BENEFICIARY_LABELS: Record<BeneficiaryVerificationStatus, { label: string; tone: BadgeTone }> = {
  MATCHED: { label: "Name matched", tone: "success" },
  PARTIAL_MATCH: { label: "Partial match", tone: "warning" },
  NOT_MATCHED: { label: "Name not matched", tone: "danger" },
  UNSUPPORTED: { label: "Not checkable", tone: "neutral" },
  CHECKED_BY_RECEIVING_FI: { label: "Checked by bank", tone: "info" },
  PENDING: { label: "Check pending", tone: "info" },
};

export function ExternalAccountStatusBadge({ status }: { status: ExternalAccountStatus }) {
  const { label, tone } = STATUS_LABELS[status];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

/** The beneficiary-name check of a bank account; wallets have none. */
export function BeneficiaryVerificationBadge({ status }: { status?: BeneficiaryVerificationStatus }) {
  if (!status) return <span className="text-xs text-zinc-400">—</span>;
  const { label, tone } = BENEFICIARY_LABELS[status];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}
