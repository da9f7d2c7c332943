import type { ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "./ui/data-table";
import { DateTime } from "./date-time";
import { OwnerLink } from "./internal-accounts-table";
import { BeneficiaryVerificationBadge, ExternalAccountStatusBadge } from "./external-account-status-badge";

type ExternalAccount = components["schemas"]["ExternalAccount"];

/** "USD_ACCOUNT" → "Bank account", "SWIFT_ACCOUNT" → "Bank account (SWIFT)", "BASE_WALLET" → "Base wallet". */
export function accountKindLabel(accountType: string): string {
  if (accountType === "SWIFT_ACCOUNT") return "Bank account (SWIFT)";
  if (accountType.endsWith("_ACCOUNT")) return "Bank account";
  const words = accountType.replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What identifies the account to a person: IBAN, account and routing number, or wallet address. */
export function externalAccountSummary(info: ExternalAccount["accountInfo"]): { kind: string; identifier: string } {
  const fields = info as unknown as Record<string, unknown>;
  const kind = accountKindLabel(info.accountType);
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  if (text("iban")) return { kind, identifier: text("iban")! };
  if (text("accountNumber")) return { kind, identifier: [text("accountNumber"), text("routingNumber") && `routing ${text("routingNumber")}`].filter(Boolean).join(" · ") };
  return { kind, identifier: text("address") ?? text("lightningAddress") ?? text("phoneNumber") ?? text("clabeNumber") ?? text("pixKey") ?? "" };
}

/** The beneficiary's name as given, for bank accounts. */
export function beneficiaryName(info: ExternalAccount["accountInfo"]): string | undefined {
  const beneficiary = (info as { beneficiary?: { fullName?: string; legalName?: string } }).beneficiary;
  return beneficiary?.fullName ?? beneficiary?.legalName;
}

export interface ExternalAccountsTableProps {
  accounts: ExternalAccount[];
  isShowingOwner?: boolean;
  /** Customer id → name, for the Owner column (loadCustomerNames); ids missing here are shown as they are. */
  customerNames?: ReadonlyMap<string, string>;
  /** An extra cell at the end of each row (a delete button). */
  actions?: (account: ExternalAccount) => ReactNode;
  empty?: ReactNode;
}

/** Bank accounts and wallets outside the service, with their screening and beneficiary-check state. */
export function ExternalAccountsTable({ accounts, isShowingOwner = false, customerNames = new Map(), actions, empty = "No external accounts." }: ExternalAccountsTableProps) {
  const columns: Column<ExternalAccount>[] = [
    {
      header: "Account",
      cell: (a) => {
        const { kind, identifier } = externalAccountSummary(a.accountInfo);
        return (
          <div>
            <span className="font-medium text-zinc-900">
              {a.currency} · {kind}
            </span>
            <code className="block max-w-48 truncate font-mono text-xs text-zinc-500" title={identifier}>
              {identifier}
            </code>
          </div>
        );
      },
    },
  ];
  if (isShowingOwner) {
    columns.push({
      header: "Owner",
      cell: (a) =>
        a.customerId ? (
          <OwnerLink customerId={a.customerId} name={customerNames.get(a.customerId)} />
        ) : (
          <span className="text-zinc-500">Platform</span>
        ),
    });
  }
  columns.push(
    { header: "Status", className: "whitespace-nowrap", cell: (a) => <ExternalAccountStatusBadge status={a.status} /> },
    {
      header: "Beneficiary",
      cell: (a) => (
        <div className="min-w-36 space-y-1">
          {beneficiaryName(a.accountInfo) && <span className="block text-zinc-800">{beneficiaryName(a.accountInfo)}</span>}
          <BeneficiaryVerificationBadge status={a.beneficiaryVerificationStatus} />
          {a.beneficiaryVerifiedData?.fullName && a.beneficiaryVerificationStatus !== "MATCHED" && (
            <span className="block text-xs text-zinc-500">Bank says: {a.beneficiaryVerifiedData.fullName}</span>
          )}
        </div>
      ),
    },
    // The date may take two lines ("Nov 28, 2026," / "09:07 AM UTC"), so the row's last column (Delete) fits at 1280px.
    {
      header: "Added",
      cell: (a) => (
        <div className="min-w-28 [&>time]:whitespace-normal">
          <DateTime value={a.createdAt} />
        </div>
      ),
    },
  );
  if (actions) columns.push({ header: <span className="sr-only">Actions</span>, className: "text-right", cell: actions });
  return <DataTable caption="External accounts" columns={columns} rows={accounts} rowKey={(a) => a.id} empty={empty} />;
}
