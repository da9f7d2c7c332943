import type { Customer as CustomerRow } from "@/lib/generated/prisma/client";
import type { BeneficialOwnerRow } from "../beneficial-owners/serialize-beneficial-owner";
import {
  CONTROL_STRUCTURE_DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  LEGAL_PRESENCE_DOCUMENT_TYPES,
  OWNERSHIP_STRUCTURE_DOCUMENT_TYPES,
  PROOF_OF_ADDRESS_DOCUMENT_TYPES,
  TWO_SIDED_DOCUMENT_TYPES,
  type DocumentType,
} from "../documents/document-types";
import type { DocumentRow } from "../documents/serialize-document";
import { formatId } from "../http/ids";
import type { VerificationError } from "./schemas";

/** Everything a submission looks at: the customer, its owners, and their documents. */
export interface Packet {
  customer: CustomerRow;
  owners: BeneficialOwnerRow[];
  documents: DocumentRow[];
}

const REJECTION_ERROR_TYPE: Record<string, VerificationError["type"]> = {
  LOW_QUALITY: "POOR_QUALITY_DOCUMENT",
  DATA_MISMATCH: "INVALID_DOCUMENT",
  EXPIRED: "EXPIRED_DOCUMENT",
  SUSPECTED_FRAUD: "SUSPECTED_FRAUD_DOCUMENT",
  UNSUITABLE_DOCUMENT: "WRONG_DOCUMENT_TYPE",
  INCOMPLETE: "INCOMPLETE_DOCUMENT",
};
const US_TAX_ID = /^\d{3}-?\d{2}-?\d{4}$/;

/**
 * Every missing or invalid field and document of a KYC/KYB packet, one entry each
 * (BEHAVIORS.md §9.6): an individual needs a two-part name, birth date, nationality, id type and
 * identifier (US SSN/ITIN as ###-##-####), address and an identity document (PASSPORT, or
 * DRIVERS_LICENSE / NATIONAL_ID with FRONT and BACK); a business needs legal name, country, tax
 * id, incorporation date, registration number, address, an owner of 25% or more and a control
 * person (each with an identity document), and legal-presence, control, ownership and
 * proof-of-address documents. Rejected documents are reported and do not count.
 */
export function packetErrors(packet: Packet): VerificationError[] {
  const { customer } = packet;
  const customerRef = formatId("Customer", customer.id);
  const errors: VerificationError[] = [];
  const missing = (field: string, what: string) =>
    errors.push({ resourceId: customerRef, type: "MISSING_FIELD", field, reason: `${what} is missing: set ${field} with PATCH /customers/{customerId}` });
  const ownDocuments = packet.documents.filter((d) => d.customerId === customer.id);
  errors.push(...rejectedDocumentErrors(packet.documents));

  if (!customer.address) missing("address", "The address");
  if (customer.customerType === "INDIVIDUAL") {
    if (!customer.fullName) missing("fullName", "The full name");
    else if (customer.fullName.trim().split(/\s+/).length < 2)
      errors.push({ resourceId: customerRef, type: "INVALID_FIELD", field: "fullName", reason: "The full name needs a given and a family name" });
    if (!customer.birthDate) missing("birthDate", "The birth date");
    if (!customer.nationality) missing("nationality", "The nationality");
    if (!customer.idType) missing("idType", "The identification type");
    if (!customer.identifier) missing("identifier", "The identification number");
    else if ((customer.idType === "SSN" || customer.idType === "ITIN") && (customer.countryOfIssuance ?? "US") === "US" && !US_TAX_ID.test(customer.identifier))
      errors.push({ resourceId: customerRef, type: "INVALID_FIELD", field: "identifier", reason: `A US ${customer.idType} has the form ###-##-####` });
    const identity = identityDocumentError(customerRef, ownDocuments);
    if (identity) errors.push(identity);
    return errors;
  }

  const info = (customer.businessInfo ?? {}) as Record<string, unknown>;
  const businessFields: [string, string][] = [
    ["legalName", "The legal name"],
    ["country", "The country of incorporation"],
    ["taxId", "The tax id"],
    ["incorporatedOn", "The incorporation date"],
    ["registrationNumber", "The registration number"],
  ];
  for (const [name, what] of businessFields) if (!info[name]) missing(`businessInfo.${name}`, what);

  const isOwner = (o: BeneficialOwnerRow) => o.roles.includes("UBO") || o.ownershipPercentage >= 25;
  if (!packet.owners.some(isOwner))
    errors.push({ resourceId: customerRef, type: "MISSING_BENEFICIAL_OWNER", reason: "Add every owner of 25% or more with POST /beneficial-owners (role UBO)" });
  if (!packet.owners.some((o) => o.roles.includes("CONTROL_PERSON")))
    errors.push({ resourceId: customerRef, type: "MISSING_CONTROL_PERSON", reason: "Add the person who controls the business with POST /beneficial-owners (role CONTROL_PERSON)" });
  for (const owner of packet.owners) {
    const identity = identityDocumentError(formatId("BeneficialOwner", owner.id), packet.documents.filter((d) => d.beneficialOwnerId === owner.id));
    if (identity) errors.push(identity);
  }
  const requirements: [VerificationError["type"], readonly DocumentType[], string][] = [
    ["MISSING_LEGAL_PRESENCE_DOCUMENT", LEGAL_PRESENCE_DOCUMENT_TYPES, "a document proving the business exists"],
    ["MISSING_CONTROL_STRUCTURE_DOCUMENT", CONTROL_STRUCTURE_DOCUMENT_TYPES, "a document showing who controls the business"],
    ["MISSING_OWNERSHIP_STRUCTURE_DOCUMENT", OWNERSHIP_STRUCTURE_DOCUMENT_TYPES, "a document showing who owns the business"],
    ["MISSING_PROOF_OF_ADDRESS_DOCUMENT", PROOF_OF_ADDRESS_DOCUMENT_TYPES, "a proof of the business address"],
  ];
  for (const [type, accepted, what] of requirements) {
    // A rejected one counts here: its own entry says to replace it (PUT), and asking for a new one (POST) too would contradict that.
    if (ownDocuments.some((d) => (accepted as readonly string[]).includes(d.documentType))) continue;
    errors.push({ resourceId: customerRef, type, acceptedDocumentTypes: [...accepted], reason: `Upload ${what} with POST /documents` });
  }
  return errors;
}

/** The documents that prove a holder's identity, or null when there is none usable. */
export function identityDocuments(documents: DocumentRow[]): DocumentRow[] | null {
  const usable = documents.filter((d) => !d.rejectionReason);
  const passport = usable.find((d) => d.documentType === "PASSPORT");
  if (passport) return [passport];
  for (const type of TWO_SIDED_DOCUMENT_TYPES) {
    const front = usable.find((d) => d.documentType === type && d.side === "FRONT");
    const back = usable.find((d) => d.documentType === type && d.side === "BACK");
    if (front && back) return [front, back];
  }
  return null;
}

function identityDocumentError(resourceId: string, documents: DocumentRow[]): VerificationError | null {
  if (identityDocuments(documents)) return null;
  // Rejected documents that would complete the set once replaced: their own entries say to PUT them; a "missing" entry asking to POST another would contradict that.
  if (identityDocuments(documents.map((d) => ({ ...d, rejectionReason: null })))) return null;
  const incomplete = incompleteTwoSidedDocuments(documents);
  return {
    resourceId,
    type: "MISSING_IDENTITY_DOCUMENT",
    acceptedDocumentTypes: [...IDENTITY_DOCUMENT_TYPES],
    reason:
      incomplete.length > 0
        ? `${incomplete.join("; ")}. An identity document is a PASSPORT, or the FRONT and BACK of a DRIVERS_LICENSE or NATIONAL_ID`
        : "Upload a PASSPORT, or the FRONT and BACK of a DRIVERS_LICENSE or NATIONAL_ID, with POST /documents",
  };
}

/** Why each uploaded DRIVERS_LICENSE / NATIONAL_ID does not count yet: it has no `side`, or its other side is missing. */
function incompleteTwoSidedDocuments(documents: DocumentRow[]): string[] {
  const usable = documents.filter((d) => !d.rejectionReason);
  return TWO_SIDED_DOCUMENT_TYPES.flatMap((type) => {
    const ofType = usable.filter((d) => d.documentType === type);
    const sideless = ofType.find((d) => !d.side);
    if (sideless)
      return [`The ${type} ${formatId("Document", sideless.id)} has no side, so it does not count: replace it with PUT /documents/{documentId} giving side FRONT or BACK, and upload the other side with POST /documents`];
    const [one] = ofType;
    if (!one) return [];
    const other = one.side === "FRONT" ? "BACK" : "FRONT";
    return [`The ${type} ${formatId("Document", one.id)} is its ${one.side}: upload its ${other} with POST /documents (side ${other})`];
  });
}

function rejectedDocumentErrors(documents: DocumentRow[]): VerificationError[] {
  return documents
    .filter((d) => d.rejectionReason)
    .map((d) => ({
      resourceId: formatId("Document", d.id),
      type: REJECTION_ERROR_TYPE[d.rejectionReason!] ?? "DOCUMENT_VERIFICATION_FAILED",
      reason: `The ${d.documentType} was rejected (${d.rejectionReason}): replace it with PUT /documents/{documentId}`,
    }));
}
