import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { Prisma, type ContactVerification, type Customer, type CustomerAgreementConsent } from "@/lib/generated/prisma/client";
import { columnsOf, readOf } from "@/lib/db/sql";
import { beneficialOwnerRowsFromJson, beneficialOwnersJson, type BeneficialOwnerJson } from "../beneficial-owners/beneficial-owners-json";
import type { CustomerRow } from "./serialize-customer";

/** What to load beside a customer's own columns and consents. */
export interface CustomerLoadOptions {
  /** A business's owners, which every customer the API answers carries (BusinessCustomer.beneficialOwners); reads that answer no customer skip them. */
  isWithBeneficialOwners?: boolean;
}

/**
 * The platform's customer `Customer:<uuid>`, with its consents, for other areas to build on
 * (serialize it with serializeCustomer). A deleted customer answers 410 unless
 * `isIncludingDeleted` (reads such as GET /customers/{id} still show it, with isDeleted true).
 * Throws: USER_NOT_FOUND (unknown, malformed or another platform's id), CUSTOMER_DELETED.
 */
export async function getCustomerOrThrow(
  db: SqlTx,
  platformId: string,
  customerId: string,
  options: { isIncludingDeleted?: boolean } & CustomerLoadOptions = {},
): Promise<CustomerRow> {
  const id = parseId("Customer", customerId);
  const row = id ? await findCustomer(readOf(db), platformId, id, options) : null;
  if (!row) throw new ServiceError("USER_NOT_FOUND", notFoundMessage("Customer", customerId));
  if (row.deletedAt && !options.isIncludingDeleted)
    throw new ServiceError("CUSTOMER_DELETED", `Customer ${customerId} was deleted at ${row.deletedAt.toISOString()}`);
  return row;
}

/** The platform's customer by its bare uuid (one the caller just wrote, say), or null. */
export async function findCustomer(sql: SqlTx, platformId: string, id: string, options: CustomerLoadOptions = {}): Promise<CustomerRow | null> {
  const [row] = await selectCustomers(sql, Prisma.sql`c."id" = ${id}::uuid AND c."platformId" = ${platformId}::uuid`, Prisma.empty, options);
  return row ?? null;
}

/**
 * Customers (aliased `c`) matching `where`, then `tail` (ORDER BY, LIMIT), each with
 * CUSTOMER_INCLUDE's relations and, with `isWithBeneficialOwners`, a business's owners, in the same
 * statement: one of the most frequent reads, and each statement is a round trip to the server
 * (~0.1 ms of Node CPU in socket writes and reads alone). The relations come back as JSON, whose
 * instants are turned back into Dates here.
 */
export async function selectCustomers(sql: SqlTx, where: Prisma.Sql, tail: Prisma.Sql = Prisma.empty, options: CustomerLoadOptions = {}): Promise<CustomerRow[]> {
  const owners = options.isWithBeneficialOwners ? Prisma.sql`, ${beneficialOwnersJson("c")} AS "beneficialOwners"` : Prisma.empty;
  const rows = await sql.$queryRaw<
    (Customer & { agreementConsents: Json<CustomerAgreementConsent>[]; contactVerification: Json<ContactVerification> | null; beneficialOwners?: BeneficialOwnerJson[] | null })[]
  >`
    SELECT ${columnsOf(Prisma.CustomerScalarFieldEnum, "c")},
      (SELECT coalesce(json_agg(a ORDER BY a."acceptedAt", a."id"), '[]'::json)
         FROM (SELECT ${columnsOf(Prisma.CustomerAgreementConsentScalarFieldEnum)} FROM "CustomerAgreementConsent" WHERE "customerId" = c."id") a) AS "agreementConsents",
      (SELECT to_json(v) FROM (SELECT ${columnsOf(Prisma.ContactVerificationScalarFieldEnum)} FROM "ContactVerification" WHERE "customerId" = c."id") v) AS "contactVerification"${owners}
    FROM "Customer" c WHERE ${where} ${tail}`;
  return rows.map((row) => {
    const { contactVerification, beneficialOwners } = row;
    return {
      ...row,
      beneficialOwners: beneficialOwners ? beneficialOwnerRowsFromJson(beneficialOwners) : undefined,
      agreementConsents: row.agreementConsents.map((consent) => ({ ...consent, acceptedAt: new Date(consent.acceptedAt), createdAt: new Date(consent.createdAt) })),
      contactVerification: contactVerification && {
        ...contactVerification,
        emailSentAt: contactVerification.emailSentAt === null ? null : new Date(contactVerification.emailSentAt),
        phoneSentAt: contactVerification.phoneSentAt === null ? null : new Date(contactVerification.phoneSentAt),
        updatedAt: new Date(contactVerification.updatedAt),
      },
    };
  });
}

/** A row as to_json writes it: instants become ISO strings. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
