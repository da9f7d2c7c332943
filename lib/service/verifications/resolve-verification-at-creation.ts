import type { Tx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { recordVerificationOutcome } from "./record-verification-outcome";
import { verificationSuffix } from "./sandbox-suffix";

/**
 * Setting "skip verification paperwork": a new individual on an unregulated sandbox resolves at
 * creation by the suffix of its fullName, 002 REJECTED, other APPROVED, with a Verification row
 * and its events; 001/003 need a complete packet and stay UNVERIFIED (BEHAVIORS.md §4.5).
 * Called by createCustomer in its transaction, before the accounts are provisioned (so an approved
 * customer's accounts are born ACTIVE). `customerId` is the bare uuid. Throws: nothing expected.
 */
export async function resolveVerificationAtCreation(tx: Tx, input: { platformId: string; customerId: string }): Promise<void> {
  const { platformId, customerId } = input;
  const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { skipVerificationPaperwork: true, isRegulatedFinancialInstitution: true } });
  if (!platform.skipVerificationPaperwork || platform.isRegulatedFinancialInstitution) return;
  const customer = await tx.customer.findFirstOrThrow({ where: { id: customerId, platformId } });
  if (customer.customerType !== "INDIVIDUAL" || customer.kycStatus !== "UNVERIFIED") return;
  const suffix = verificationSuffix(customer.fullName);
  if (suffix === "001" || suffix === "003") return;
  const at = await now(tx, platformId);
  const verification = await tx.verification.create({
    data: { id: uuidv7(at.getTime()), platformId, customerId, verificationStatus: suffix === "002" ? "REJECTED" : "APPROVED", errors: [], createdAt: at, updatedAt: at },
  });
  await recordVerificationOutcome(tx, verification);
}
