import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { collectPages } from "@/lib/client/collect-pages";
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
  /** The lists cut short at MAX_ONBOARDING_ITEMS, in words ("verification history"); the page says so. */
  cut: string[];
}

/** Past this many verifications, owners or documents (of one holder) the page shows the newest and says so. */
export const MAX_ONBOARDING_ITEMS = 500;
const PAGE = 100;

/** The customer's verification history, beneficial owners (businesses) and every document of the packet, every page of each. */
export async function loadOnboarding(client: ServiceClient, customer: Customer): Promise<Onboarding> {
  const customerId = customer.id;
  const options = { maxItems: MAX_ONBOARDING_ITEMS };
  const documentsOf = (documentHolder: string) => collectPages((cursor) => client.GET("/documents", { params: { query: { documentHolder, limit: PAGE, cursor } } }), options);
  const [verifications, owners, own] = await Promise.all([
    collectPages((cursor) => client.GET("/verifications", { params: { query: { customerId, limit: PAGE, cursor } } }), options),
    customer.customerType === "BUSINESS" ? collectPages((cursor) => client.GET("/beneficial-owners", { params: { query: { customerId, limit: PAGE, cursor } } }), options) : undefined,
    documentsOf(customerId),
  ]);
  const ownerList = owners?.items ?? [];
  const ownerDocuments = await Promise.all(ownerList.map((o) => documentsOf(o.id)));
  const problems = [
    verifications.error && `verification history: ${verifications.error.message}`,
    owners?.error && `beneficial owners: ${owners.error.message}`,
    own.error && `documents: ${own.error.message}`,
    ...ownerDocuments.map((d) => d.error && `owner documents: ${d.error.message}`),
  ].filter((p): p is string => Boolean(p));
  const isCut = (list?: { hasMore: boolean; error?: unknown }) => Boolean(list?.hasMore && !list.error);
  const cut = [
    isCut(verifications) && "verification history",
    isCut(owners) && "beneficial owners",
    [own, ...ownerDocuments].some(isCut) && "documents",
  ].filter((c): c is string => Boolean(c));
  return {
    verifications: verifications.items,
    owners: ownerList,
    documents: [...own.items, ...ownerDocuments.flatMap((d) => d.items)],
    problems,
    cut,
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
