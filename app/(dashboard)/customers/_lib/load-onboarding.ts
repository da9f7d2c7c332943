import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { DOCUMENT_TYPE_LABELS } from "./verification-text";

type Customer = components["schemas"]["CustomerOneOf"];
type Verification = components["schemas"]["Verification"];
type BeneficialOwner = components["schemas"]["BeneficialOwner"];
type Document = components["schemas"]["Document"];

export interface Onboarding {
  /** Newest first. */
  verifications: Verification[];
  owners: BeneficialOwner[];
  /** The customer's own documents, then each owner's. */
  documents: Document[];
  /** What could not be loaded, in words; the rest still shows. */
  problems: string[];
}

const PAGE = 100;

/** The customer's verification history, beneficial owners (businesses) and every document of the packet. */
export async function loadOnboarding(client: ServiceClient, customer: Customer): Promise<Onboarding> {
  const customerId = customer.id;
  const [verifications, owners, own] = await Promise.all([
    client.GET("/verifications", { params: { query: { customerId, limit: PAGE } } }),
    customer.customerType === "BUSINESS" ? client.GET("/beneficial-owners", { params: { query: { customerId, limit: PAGE } } }) : undefined,
    client.GET("/documents", { params: { query: { documentHolder: customerId, limit: PAGE } } }),
  ]);
  const ownerList = owners?.data?.data ?? [];
  const ownerDocuments = await Promise.all(ownerList.map((o) => client.GET("/documents", { params: { query: { documentHolder: o.id, limit: PAGE } } })));
  const problems = [
    verifications.error && `verification history: ${verifications.error.message}`,
    owners?.error && `beneficial owners: ${owners.error.message}`,
    own.error && `documents: ${own.error.message}`,
    ...ownerDocuments.map((d) => d.error && `owner documents: ${d.error.message}`),
  ].filter((p): p is string => Boolean(p));
  return {
    verifications: verifications.data?.data ?? [],
    owners: ownerList,
    documents: [...(own.data?.data ?? []), ...ownerDocuments.flatMap((d) => d.data?.data ?? [])],
    problems,
  };
}

/** Who a verification error is about, by resource id: "the business", "Pat Founder", "the passport of Pat Founder". */
export function resourceNames(customer: Customer, onboarding: Pick<Onboarding, "owners" | "documents">): Map<string, string> {
  const names = new Map<string, string>([[customer.id, customer.customerType === "BUSINESS" ? "the business" : "the customer"]]);
  for (const o of onboarding.owners) names.set(o.id, `${o.personalInfo.firstName} ${o.personalInfo.lastName}`);
  for (const d of onboarding.documents) {
    const side = d.side ? ` (${d.side.toLowerCase()})` : "";
    names.set(d.id, `the ${DOCUMENT_TYPE_LABELS[d.documentType].toLowerCase()}${side} of ${names.get(d.documentHolder) ?? d.documentHolder}`);
  }
  return names;
}
