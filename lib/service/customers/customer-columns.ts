import type { Prisma } from "@/lib/generated/prisma/client";
import { EDD_FIELD_NAMES, type CustomerCreateRequest, type CustomerUpdateRequest } from "./schemas";
import type { CustomerRow } from "./serialize-customer";

type Request = CustomerCreateRequest | CustomerUpdateRequest;

/**
 * The profile columns a create or update request sets: only the fields it carries. On update,
 * EDD fields and businessInfo merge field by field into what is stored; address is replaced whole.
 */
export function profileColumns(request: Request, existing?: CustomerRow): Prisma.CustomerUncheckedUpdateInput {
  const columns: Prisma.CustomerUncheckedUpdateInput = {};
  if (request.region !== undefined) columns.region = request.region;
  if (request.currencies !== undefined) columns.currencies = request.currencies;
  if (request.email !== undefined) columns.email = request.email;
  if (request.phoneNumber !== undefined) columns.phoneNumber = request.phoneNumber;
  if (request.address !== undefined) columns.address = request.address;

  if (request.customerType === "BUSINESS") {
    if (request.businessInfo !== undefined)
      columns.businessInfo = { ...(existing?.businessInfo as Prisma.JsonObject | null), ...request.businessInfo };
    return columns;
  }
  if (request.fullName !== undefined) columns.fullName = request.fullName;
  if (request.birthDate !== undefined) columns.birthDate = new Date(`${request.birthDate}T00:00:00Z`);
  if (request.nationality !== undefined) columns.nationality = request.nationality;
  if (request.idType !== undefined) columns.idType = request.idType;
  if (request.identifier !== undefined) columns.identifier = request.identifier;
  if (request.countryOfIssuance !== undefined) columns.countryOfIssuance = request.countryOfIssuance;
  const edd = Object.fromEntries(EDD_FIELD_NAMES.filter((name) => request[name] !== undefined).map((name) => [name, request[name]]));
  if (Object.keys(edd).length > 0) columns.dueDiligence = { ...(existing?.dueDiligence as Prisma.JsonObject | null), ...edd };
  return columns;
}
