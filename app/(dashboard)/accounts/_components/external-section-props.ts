import type { ExternalAccountFormValues } from "../external-account-values";

/** What every part of the external account form receives: the values, one way to change them, the errors. */
export interface ExternalSectionProps {
  values: ExternalAccountFormValues;
  update: (change: (draft: ExternalAccountFormValues) => void) => void;
  /** API field path (`accountInfo.routingNumber`) → message. */
  errors: Record<string, string>;
}
