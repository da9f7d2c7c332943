import { AGREEMENTS, END_USER_TERMS, currentAgreement } from "./agreements";

/** GET /customers/agreements: every agreement type with its current version and hosted text. */
export function listAgreements() {
  return { data: AGREEMENTS.map((a) => currentAgreement(a.type)) };
}

/** GET /customers/end-user-terms (deprecated): the SERVICE_END_USER_TERMS entry as `{version, url}`. */
export function getEndUserTerms() {
  const { version, url } = currentAgreement(END_USER_TERMS);
  return { version, url };
}
