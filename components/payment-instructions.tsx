import type { components } from "@/lib/client/generated/schema";
import { CopyButton } from "./copy-button";
import { enumLabel } from "./text-field";

type Instructions = components["schemas"]["QuotePaymentInstructions"];

/** "accountNumber" → "Account number", for the instruction fields the API sends. */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Printable fields of a bank or wallet form, nested objects (beneficiary, address) flattened. */
function fields(info: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(info).flatMap(([key, value]): [string, string][] => {
    if (key === "accountType" && !prefix) return [];
    const label = prefix ? `${prefix} ${fieldLabel(key).toLowerCase()}` : fieldLabel(key);
    if (typeof value === "string" || typeof value === "number") return [[label, String(value)]];
    if (value && typeof value === "object" && !Array.isArray(value)) return fields(value as Record<string, unknown>, label);
    return [];
  });
}

/** Where a payer sends the funds of a realtime-funded quote: every field with a copy button. */
export function PaymentInstructionsList({ instructions }: { instructions: Instructions[] }) {
  if (instructions.length === 0) return <p className="text-sm text-zinc-500">No payment instructions.</p>;
  return (
    <div className="space-y-4" data-testid="payment-instructions">
      {instructions.map((item, i) => (
        <section key={i} className="rounded-md border border-zinc-200" aria-label={`Payment instructions ${i + 1}`}>
          <header className="border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-sm font-medium text-zinc-800">{enumLabel(item.accountOrWalletInfo.accountType)}</header>
          <dl className="divide-y divide-zinc-100 px-4">
            {fields(item.accountOrWalletInfo).map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-3 py-2">
                <dt className="w-40 shrink-0 text-xs text-zinc-500">{label}</dt>
                <dd className="flex-1 font-mono text-xs break-all text-zinc-900 select-all">{value}</dd>
                <CopyButton value={value} label={label.toLowerCase()} />
              </div>
            ))}
          </dl>
          {item.instructionsNotes && <p className="border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600">{item.instructionsNotes}</p>}
        </section>
      ))}
    </div>
  );
}
