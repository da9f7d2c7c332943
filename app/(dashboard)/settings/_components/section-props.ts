import type { SettingsFormValues } from "../form-values";

/** What every part of the settings form receives: the values, one way to change them, the errors. */
export interface SectionProps {
  values: SettingsFormValues;
  update: (change: (draft: SettingsFormValues) => void) => void;
  errors: Record<string, string>;
}
