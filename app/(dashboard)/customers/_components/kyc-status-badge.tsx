import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";

type Customer = components["schemas"]["CustomerOneOf"];
type VerificationStatus = components["schemas"]["KycStatus"];

const TONES: Record<VerificationStatus, BadgeTone> = { UNVERIFIED: "neutral", PENDING: "info", APPROVED: "success", REJECTED: "danger" };

export function verificationStatus(customer: Customer): VerificationStatus {
  return customer.customerType === "INDIVIDUAL" ? customer.kycStatus : customer.kybStatus;
}

/** KYC for individuals, KYB for businesses: "KYC Approved". */
export function KycStatusBadge({ customer }: { customer: Customer }) {
  const status = verificationStatus(customer);
  const kind = customer.customerType === "INDIVIDUAL" ? "KYC" : "KYB";
  return (
    <StatusBadge tone={TONES[status]}>
      {kind} {status.charAt(0) + status.slice(1).toLowerCase()}
    </StatusBadge>
  );
}

/** The name staff know the customer by. */
export function customerName(customer: Customer): string {
  return (customer.customerType === "INDIVIDUAL" ? customer.fullName : customer.businessInfo.legalName) || customer.platformCustomerId;
}

export function customerHref(customerId: string): string {
  return `/customers/${encodeURIComponent(customerId)}`;
}
