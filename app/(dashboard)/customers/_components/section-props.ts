import type { CustomerFormValues } from "../form-values";

/** What every part of the customer form receives: the values, one way to change them, the errors. */
export interface SectionProps {
  values: CustomerFormValues;
  update: (change: (draft: CustomerFormValues) => void) => void;
  /** API field path (`businessInfo.taxId`) → message. */
  errors: Record<string, string>;
}
