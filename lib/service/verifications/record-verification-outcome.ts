import type { Tx } from "../db";
import { findCustomer } from "../customers/get-customer-or-throw";
import { serializeCustomer } from "../customers/serialize-customer";
import { activateCustomerAccounts } from "../internal-accounts/activate-customer-accounts";
import { enqueueEvent } from "../jobs/enqueue-event";
import { now } from "../sandbox/clock";
import { verificationSuffix } from "./sandbox-suffix";
import type { VerificationStatus } from "./schemas";
import { serializeVerification, type VerificationRow } from "./serialize-verification";

type KycStatus = "UNVERIFIED" | "PENDING" | "APPROVED" | "REJECTED";

/** The customer status a verification status leads to; RESOLVE_ERRORS leaves it as it is. */
const CUSTOMER_STATUS: Partial<Record<VerificationStatus, KycStatus>> = {
  IN_PROGRESS: "PENDING",
  PENDING_MANUAL_REVIEW: "PENDING",
  APPROVED: "APPROVED",
  REJECTED: "REJECTED",
};

/**
 * Applies a verification's status to its customer in the caller's transaction, then emits, in
 * this order: `CUSTOMER.KYC_<status>` / `CUSTOMER.KYB_<status>` (when the customer's status
 * changes), `VERIFICATION.<status>`, and on approval `INTERNAL_ACCOUNT.STATUS_UPDATED` for every
 * account going PENDING → ACTIVE. A business that resolves terminally resolves its owners by the
 * suffix of their lastName. BEHAVIORS.md §4.5, §9.6, 10.2. Throws: nothing expected.
 */
export async function recordVerificationOutcome(tx: Tx, verification: VerificationRow): Promise<void> {
  const { platformId, customerId } = verification;
  const status = verification.verificationStatus as VerificationStatus;
  const at = await now(tx, platformId);
  const next = CUSTOMER_STATUS[status];
  const customer = await tx.customer.findFirstOrThrow({ where: { id: customerId, platformId } });
  // Owners first: the CUSTOMER.KYB_* event's data is the business as GET /customers/{id} then answers, owners included.
  if (customer.customerType === "BUSINESS" && (status === "APPROVED" || status === "REJECTED")) await resolveOwners(tx, platformId, customerId, at);

  if (next && next !== customer.kycStatus) {
    await tx.customer.update({ where: { id: customerId }, data: { kycStatus: next, updatedAt: at } });
    const updated = (await findCustomer(tx, platformId, customerId, { isWithBeneficialOwners: true }))!;
    const prefix = customer.customerType === "BUSINESS" ? "KYB" : "KYC";
    await enqueueEvent(tx, { platformId, type: `CUSTOMER.${prefix}_${next}`, data: serializeCustomer(updated) });
  }
  await enqueueEvent(tx, { platformId, type: `VERIFICATION.${status}`, data: serializeVerification(verification) });

  if (status === "APPROVED") await activateCustomerAccounts(tx, platformId, customerId);
}

/** Owners resolve by their own suffix once their business resolves: 001 PENDING, 002 REJECTED, other APPROVED. */
async function resolveOwners(tx: Tx, platformId: string, customerId: string, at: Date): Promise<void> {
  const owners = await tx.beneficialOwner.findMany({ where: { platformId, customerId, kycStatus: "UNVERIFIED" } });
  for (const owner of owners) {
    const suffix = verificationSuffix((owner.personalInfo as { lastName?: string }).lastName);
    const kycStatus = suffix === "001" ? "PENDING" : suffix === "002" ? "REJECTED" : "APPROVED";
    await tx.beneficialOwner.update({ where: { id: owner.id }, data: { kycStatus, updatedAt: at } });
  }
}
