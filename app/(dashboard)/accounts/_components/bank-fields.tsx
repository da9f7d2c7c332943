import { SelectField, TextField } from "@/components/text-field";
import type { ExternalSectionProps } from "./external-section-props";

/** Routing and account number (USD) or IBAN (EUR). */
export function BankFields({ values, update, errors }: ExternalSectionProps) {
  if (values.kind === "EUR_ACCOUNT") {
    return (
      <div className="grid gap-5 md:grid-cols-2">
        <TextField id="accountInfo.iban" label="IBAN" placeholder="DE89 3704 0044 0532 0130 00" value={values.eur.iban} error={errors["accountInfo.iban"]} maxLength={50} onChange={(v) => update((d) => void (d.eur.iban = v))} />
        <TextField id="accountInfo.swiftCode" label="SWIFT/BIC (optional)" value={values.eur.swiftCode} error={errors["accountInfo.swiftCode"]} maxLength={11} onChange={(v) => update((d) => void (d.eur.swiftCode = v))} />
      </div>
    );
  }
  const usd = values.usd;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField id="accountInfo.routingNumber" label="Routing number" hint="9 digits (ABA)." value={usd.routingNumber} error={errors["accountInfo.routingNumber"]} maxLength={9} onChange={(v) => update((d) => void (d.usd.routingNumber = v))} />
      <TextField id="accountInfo.accountNumber" label="Account number" value={usd.accountNumber} error={errors["accountInfo.accountNumber"]} maxLength={17} autoComplete="off" onChange={(v) => update((d) => void (d.usd.accountNumber = v))} />
      <SelectField
        id="accountInfo.bankAccountType"
        label="Account type"
        options={[
          { value: "CHECKING", label: "Checking" },
          { value: "SAVINGS", label: "Savings" },
        ]}
        value={usd.bankAccountType}
        error={errors["accountInfo.bankAccountType"]}
        onChange={(v) => update((d) => void (d.usd.bankAccountType = v as typeof d.usd.bankAccountType))}
      />
      <TextField id="accountInfo.bankName" label="Bank name (optional)" value={usd.bankName} error={errors["accountInfo.bankName"]} onChange={(v) => update((d) => void (d.usd.bankName = v))} />
    </div>
  );
}
