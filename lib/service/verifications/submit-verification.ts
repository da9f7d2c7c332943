import type { Db, Tx } from "../db";
import { pendingContactChannels } from "../contact-verification/contact-requirements";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { identityDocuments, packetErrors, type Packet } from "./packet-errors";
import { recordVerificationOutcome } from "./record-verification-outcome";
import { verificationSuffix } from "./sandbox-suffix";
import type { VerificationError, VerificationStatus } from "./schemas";
import type { VerificationRow } from "./serialize-verification";

export const COMPLETE_BUSINESS_REVIEW_JOB = "verification.complete-business-review";
/** Sandbox: a business with suffix 003 stays IN_PROGRESS this long, then is APPROVED (BEHAVIORS.md 10.8). */
export const BUSINESS_REVIEW_SECONDS = 60;

/**
 * POST /verifications: checks the customer's packet and resolves it by the sandbox suffix
 * (BEHAVIORS.md §4.5, §9.6, 10.8, 10.9). Gaps → RESOLVE_ERRORS listing every one (also for 002);
 * a complete packet: 001 PENDING_MANUAL_REVIEW, 002 REJECTED, 003 (individual) one
 * POOR_QUALITY_DOCUMENT on the identity document, then APPROVED after the document is replaced,
 * 003 (business) IN_PROGRESS then APPROVED, other APPROVED (a business also looks at its owners:
 * an owner's 002 rejects it, 001 sends it to manual review). With the platform setting "skip
 * verification paperwork", suffixes other than 001/003 resolve without the packet.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, INVALID_INPUT (regulated platform, already verified or
 * under review), CONFLICT (contact details not yet verified).
 */
export async function submitVerification(db: Db, input: { platformId: string; customerId: string }): Promise<VerificationRow> {
  const { platformId } = input;
  return db.$transaction(async (tx) => {
    const found = await getCustomerOrThrow(tx, platformId, input.customerId);
    // One submission at a time per customer. DELETE/PUT of a document and changes to the owners take this lock too
    // (lockDocumentPacket, beneficial owners), so the packet read below is the one that stands at commit.
    await tx.$queryRaw`SELECT "id" FROM "Customer" WHERE "id" = ${found.id}::uuid FOR UPDATE`;
    // Read again under the lock, deleted check included: a DELETE that committed while we waited answers 410, not a verified deleted customer.
    const customer = await getCustomerOrThrow(tx, platformId, input.customerId);
    const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: true } });
    const statusName = customer.customerType === "BUSINESS" ? "kybStatus" : "kycStatus";
    if (platform.isRegulatedFinancialInstitution)
      throw invalidInput([{ field: "customerId", message: "is on a regulated platform: its customers are APPROVED at creation and need no verification", constraint: { regulated: false } }]);
    if (customer.kycStatus === "APPROVED" || customer.kycStatus === "REJECTED")
      throw invalidInput([{ field: "customerId", message: `already has ${statusName} ${customer.kycStatus}; a verified customer cannot be submitted again`, constraint: { [statusName]: "UNVERIFIED" } }]);
    if (customer.kycStatus === "PENDING")
      throw invalidInput([{ field: "customerId", message: `is under review (${statusName} PENDING); wait for the CUSTOMER.${statusName === "kybStatus" ? "KYB" : "KYC"}_* webhook`, constraint: { [statusName]: "UNVERIFIED" } }]);
    const pending = await pendingContactChannels(tx, customer);
    if (pending.length > 0)
      throw new ServiceError("CONFLICT", `Verify the customer's ${pending.join(" and ")} first (POST /customers/{customerId}/verify-${pending[0]}), then submit again`);

    const packet = await loadPacket(tx, platformId, customer.id, customer);
    const { status, errors } = await decide(tx, packet, platform.skipVerificationPaperwork);
    const at = await now(tx, platformId);
    const docIds = packet.documents.map((d) => d.id);
    if (docIds.length > 0) await tx.document.updateMany({ where: { id: { in: docIds }, submittedAt: null }, data: { submittedAt: at } });
    const verification = await tx.verification.create({
      data: { id: uuidv7(at.getTime()), platformId, customerId: customer.id, verificationStatus: status, errors, createdAt: at, updatedAt: at },
    });
    if (status === "IN_PROGRESS")
      await scheduleJob(tx, {
        platformId,
        kind: COMPLETE_BUSINESS_REVIEW_JOB,
        payload: { verificationId: verification.id },
        runAt: new Date(at.getTime() + BUSINESS_REVIEW_SECONDS * 1000),
      });
    await recordVerificationOutcome(tx, verification);
    return verification;
  });
}

async function loadPacket(tx: Tx, platformId: string, customerId: string, customer: Packet["customer"]): Promise<Packet> {
  const owners = customer.customerType === "BUSINESS" ? await tx.beneficialOwner.findMany({ where: { platformId, customerId }, orderBy: { id: "asc" } }) : [];
  const documents = await tx.document.findMany({
    where: { platformId, OR: [{ customerId }, { beneficialOwnerId: { in: owners.map((o) => o.id) } }] },
    orderBy: { id: "asc" },
  });
  return { customer, owners, documents };
}

async function decide(tx: Tx, packet: Packet, isSkippingPaperwork: boolean): Promise<{ status: VerificationStatus; errors: VerificationError[] }> {
  const { customer } = packet;
  const isBusiness = customer.customerType === "BUSINESS";
  const suffix = verificationSuffix(isBusiness ? (customer.businessInfo as { registrationNumber?: string } | null)?.registrationNumber : customer.fullName);
  const terminal = (s: typeof suffix) => (s === "002" ? "REJECTED" : "APPROVED");
  if (isSkippingPaperwork && suffix !== "001" && suffix !== "003") return { status: terminal(suffix), errors: [] };

  const errors = packetErrors(packet);
  if (errors.length > 0) return { status: "RESOLVE_ERRORS", errors };
  if (suffix === "001") return { status: "PENDING_MANUAL_REVIEW", errors: [] };
  if (suffix === "002") return { status: "REJECTED", errors: [] };
  if (suffix === "003" && isBusiness) return { status: "IN_PROGRESS", errors: [] };
  if (suffix === "003") {
    // Open point 8: the first complete submission flags the identity document once; a replaced copy passes.
    const flaggedBefore = await tx.verification.count({ where: { platformId: customer.platformId, customerId: customer.id, verificationStatus: "RESOLVE_ERRORS", errors: { array_contains: [{ type: "POOR_QUALITY_DOCUMENT" }] } } });
    if (flaggedBefore > 0) return { status: "APPROVED", errors: [] };
    const document = identityDocuments(packet.documents.filter((d) => d.customerId === customer.id))![0]!;
    await tx.document.update({ where: { id: document.id }, data: { rejectionReason: "LOW_QUALITY" } });
    return {
      status: "RESOLVE_ERRORS",
      errors: [{ resourceId: formatId("Document", document.id), type: "POOR_QUALITY_DOCUMENT", reason: `The ${document.documentType} is not readable: replace it with PUT /documents/{documentId} and submit again` }],
    };
  }
  if (isBusiness) {
    const ownerSuffixes = packet.owners.map((o) => ({ o, s: verificationSuffix((o.personalInfo as { lastName?: string }).lastName) }));
    const rejected = ownerSuffixes.filter((x) => x.s === "002");
    if (rejected.length > 0)
      return {
        status: "REJECTED",
        errors: rejected.map(({ o }) => ({ resourceId: formatId("BeneficialOwner", o.id), type: "APPLICANT_REJECTED" as const, reason: "The beneficial owner did not pass verification" })),
      };
    if (ownerSuffixes.some((x) => x.s === "001")) return { status: "PENDING_MANUAL_REVIEW", errors: [] };
  }
  return { status: "APPROVED", errors: [] };
}
