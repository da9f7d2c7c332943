import { Checkbox } from "@/components/ui/checkbox";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SettingsFormValues } from "../form-values";
import type { SectionProps } from "./section-props";

type WalletKey = Exclude<keyof SettingsFormValues["embeddedWalletConfig"], "alphanumeric">;

const FIELDS: { key: WalletKey; label: string; hint?: string; type?: string; placeholder?: string }[] = [
  { key: "appName", label: "App name", hint: "Shown to end users in one-time-password emails." },
  { key: "logoUrl", label: "Logo URL", type: "url", placeholder: "https://example.com/logo.png" },
  { key: "otpLength", label: "Code length", type: "number", hint: "Digits in a one-time password, 4 to 12." },
  { key: "expirationSeconds", label: "Code lifetime (seconds)", type: "number", hint: "1 to 86400." },
  { key: "sendFromEmailAddress", label: "Send from address", type: "email", placeholder: "wallet@example.com" },
  { key: "sendFromEmailSenderName", label: "Sender name" },
  { key: "replyToEmailAddress", label: "Reply-to address", type: "email", placeholder: "support@example.com" },
];

export function WalletFields({ values, update, errors }: SectionProps) {
  const wallet = values.embeddedWalletConfig;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {FIELDS.map(({ key, label, hint, type, placeholder }) => {
        const id = `embeddedWalletConfig.${key}`;
        return (
          <Field key={key} id={id} label={label} hint={hint} error={errors[id]}>
            <Input
              {...controlProps(id, errors[id], hint)}
              type={type ?? "text"}
              placeholder={placeholder}
              value={wallet[key]}
              onChange={(e) => update((d) => void (d.embeddedWalletConfig[key] = e.target.value))}
            />
          </Field>
        );
      })}
      <div className="flex items-end pb-2">
        <Checkbox
          label="Letters and digits in codes"
          description="Otherwise codes are digits only."
          checked={wallet.alphanumeric}
          onChange={(e) => update((d) => void (d.embeddedWalletConfig.alphanumeric = e.target.checked))}
        />
      </div>
    </div>
  );
}
